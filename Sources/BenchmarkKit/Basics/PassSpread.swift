import Foundation

/// What the spread between a run's passes says about a median: the part of its
/// uncertainty that samples of one pass cannot show.
///
/// Samples taken back to back share the machine's state and the fixtures' place
/// in memory; a second run shares neither, and its medians differ by more than
/// the samples of one stretch suggest (on these machines by about twice as much).
/// The runner therefore measures every case in several passes, each on freshly
/// prepared fixtures, and the medians of the passes vary as runs do. With *P*
/// passes whose medians have standard deviation *s*, the run's median is known to
/// ± t(0.975, *P* − 1) · *s* / √*P*: few passes, so Student's t, not the normal.
public enum PassSpread {
  /// The slices of `values` that each pass took, by ``CaseResult/passSampleCounts``;
  /// passes that took nothing are left out. All of `values` as one pass when the
  /// counts are missing or do not add up.
  public static func passes(of values: [Double], counts: [Int]?) -> [ArraySlice<Double>] {
    guard let counts, counts.reduce(0, +) == values.count else { return [values[...]] }
    var slices = [ArraySlice<Double>]()
    var start = 0
    for count in counts where count > 0 {
      slices.append(values[start..<(start + count)])
      start += count
    }
    return slices
  }

  /// The 95% half-width of the mean of `values` (the medians of the passes), by
  /// Student's t; `nil` with fewer than two.
  public static func halfWidth(of values: [Double]) -> Double? {
    guard values.count >= 2 else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)
    return studentT975(degreesOfFreedom: values.count - 1) * (variance / Double(values.count)).squareRoot()
  }

  /// The 95% half-width of a prediction for a rerun: how far the mean of another
  /// run's P passes may lie from this run's mean of `values` (P pass values),
  /// t(0.975, P − 1) · s · √(2 / P): both means carry the passes' spread. `nil`
  /// with fewer than two values.
  public static func predictionHalfWidth(of values: [Double]) -> Double? {
    guard let halfWidth = halfWidth(of: values) else { return nil }
    return halfWidth * 2.0.squareRoot()
  }

  /// Where positive pass values fall into two separate modes: the low and the
  /// high group, split at the widest step between sorted values, when that step
  /// is at least ``modeStep`` and wider than the spread inside either group.
  /// `nil` when they do not (fewer than two values, or one not positive).
  public static func modes(of values: [Double]) -> (low: ClosedRange<Double>, high: ClosedRange<Double>)? {
    guard values.count >= 2, values.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
    let sorted = values.sorted()
    var split = 0
    for index in 1..<(sorted.count - 1) where sorted[index + 1] / sorted[index] > sorted[split + 1] / sorted[split] {
      split = index
    }
    let step = sorted[split + 1] / sorted[split]
    let low = sorted[0]...sorted[split]
    let high = sorted[split + 1]...sorted[sorted.count - 1]
    guard step >= modeStep, step > low.upperBound / low.lowerBound, step > high.upperBound / high.lowerBound
    else { return nil }
    return (low, high)
  }

  /// The smallest step between two groups of pass values that counts as two modes:
  /// ×1.3, well above the few percent passes of one state differ by, well below
  /// the ×2 of the slow state these VMs fall into.
  public static let modeStep = 1.3

  /// The 97.5th percentile of Student's t with `degreesOfFreedom` (≥ 1): exact to
  /// three decimals up to 10, then the normal's 1.96 plus the first correction term.
  public static func studentT975(degreesOfFreedom: Int) -> Double {
    let table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228]
    let df = max(1, degreesOfFreedom)
    if df <= table.count { return table[df - 1] }
    let z = 1.959964
    return z + (z * z * z + z) / (4 * Double(df))
  }
}
