import Foundation

/// How far a rerun may move a median, learnt from every case of a scenario at
/// once: the part of the between-pass component that a single case's few passes
/// cannot show.
///
/// On these shared 2-core VMs a process lands in a slower state (×1.3 to ×2) for
/// one workload and not for another, and which passes land there is luck. Four
/// passes of one case that all landed in the same state give a tight interval,
/// and a rerun that puts two of its four passes in the other state falls outside
/// it: two back-to-back full runs of one binary put 10% of medians outside the
/// other's per-case prediction interval, while their ratios (both sides in the
/// same process, so the state cancels) stayed inside 95% of the time. The cases
/// of one scenario share its sensitivity to those states (the same workload, the
/// same fixtures' shape), so their passes together show how large a rerun's shift
/// typically is, with hundreds of values where one case has four.
///
/// Each case's passes are split into two halves every way (for 4 passes: 12|34,
/// 13|24, 14|23); the log ratio of the two halves' medians is what a rerun of
/// half the passes would have moved, scaled to a rerun of all of them
/// (√((2 / P) / (1 / a + 1 / b)) for halves of a and b passes: the variance of a
/// difference of two means of P passes over that of means of a and b). The
/// shift is the 95th percentile of those values over the cases of the same
/// scenario and size (``Pool``); every case's published interval reaches at
/// least that far (in ratio) either side of its median.
public enum RerunShift {
  /// The fewest split values a scenario needs for its own percentile; with fewer
  /// the suite's pool stands in.
  public static let minimumPool = 20
  /// Which share of a scenario's split shifts the interval must hold.
  public static let coverage = 0.95

  /// `cases` (a merged run's, in any order) with every interval widened to at
  /// least its scenario's shift, ``CaseResult/rerunShift`` set and the
  /// uncertainty and resolution that follow from the interval updated.
  public static func widen(_ cases: [CaseResult]) -> [CaseResult] {
    var pool = Pool()
    for result in cases where result.failure == nil {
      pool.add(splitShifts(of: result), suite: result.suite, scenario: result.scenario, size: result.size)
    }
    return cases.map { result in
      guard let shift = pool.shift(suite: result.suite, scenario: result.scenario, size: result.size) else {
        return result
      }
      var widened = result
      widened.widen(byRerunShift: shift)
      return widened
    }
  }

  /// The split shifts of a scenario's cases, gathered; its shift is their 95th
  /// percentile at the case's size (the same workload, strategies apart), or
  /// over the scenario's sizes, or over the suite, whichever first has
  /// ``minimumPool`` values. The narrowest group comes first: a scenario's
  /// sub-nanosecond cases scatter far more than its microsecond ones, and a pool
  /// over both would give the steady ones the noisy ones' spread.
  public struct Pool {
    private var bySize = [String: [Double]]()
    private var byScenario = [String: [Double]]()
    private var bySuite = [String: [Double]]()

    /// An empty pool.
    public init() {}

    /// Adds one case's split shifts to its size's, its scenario's and its suite's pool.
    public mutating func add(_ shifts: [Double], suite: String, scenario: String, size: Int) {
      bySize[suite + "/" + scenario + "[\(size)]", default: []] += shifts
      byScenario[suite + "/" + scenario, default: []] += shifts
      bySuite[suite, default: []] += shifts
    }

    /// The shift every interval of `scenario` at `size` reaches, as a log ratio;
    /// `nil` when no group holds enough values.
    public func shift(suite: String, scenario: String, size: Int) -> Double? {
      percentile(bySize[suite + "/" + scenario + "[\(size)]"] ?? [])
        ?? percentile(byScenario[suite + "/" + scenario] ?? []) ?? percentile(bySuite[suite] ?? [])
    }

    private func percentile(_ values: [Double]) -> Double? {
      guard values.count >= RerunShift.minimumPool else { return nil }
      return Statistics.percentile(RerunShift.coverage, ofSorted: values.sorted())
    }
  }

  /// The log shifts between the halves of `result`'s passes, each scaled to a
  /// rerun of all of them; empty for a failed case, fewer than two passes, or a
  /// half whose median the harness cannot tell from its own error.
  public static func splitShifts(of result: CaseResult) -> [Double] {
    guard result.failure == nil else { return [] }
    let passes = PassSpread.passes(of: result.samples, counts: result.passSampleCounts).map(Array.init)
    return splitShifts(ofPasses: passes, floor: 2 * result.harnessUncertaintyNs)
  }

  /// The log shifts between the medians of two halves of `passes` (each pass's
  /// values: samples, or paired ratios), every split of ``halves(of:)``, scaled to
  /// a rerun of all of them; a split where a half's median is not above `floor`
  /// is left out.
  public static func splitShifts(ofPasses passes: [[Double]], floor: Double = 0) -> [Double] {
    let count = passes.count
    var shifts = [Double]()
    for half in halves(of: count) {
      let first = half.flatMap { passes[$0] }
      let second = (0..<count).filter { !half.contains($0) }.flatMap { passes[$0] }
      guard let a = Statistics.median(first), let b = Statistics.median(second), a > floor, b > floor, a > 0, b > 0
      else { continue }
      let scale = ((2 / Double(count)) / (1 / Double(half.count) + 1 / Double(count - half.count))).squareRoot()
      shifts.append(abs(log(a / b)) * scale)
    }
    return shifts
  }

  /// Every way to pick ⌊P/2⌋ of `count` passes as one half, each split once (for
  /// an even count, the half holding pass 0); at most 35; none for fewer than two.
  public static func halves(of count: Int) -> [[Int]] {
    guard count >= 2 else { return [] }
    let size = count / 2
    var result = [[Int]]()
    func pick(from start: Int, _ chosen: [Int]) {
      guard result.count < 35 else { return }
      if chosen.count == size {
        if count % 2 == 1 || chosen.contains(0) { result.append(chosen) }
        return
      }
      guard start < count else { return }
      for index in start..<count { pick(from: index + 1, chosen + [index]) }
    }
    pick(from: 0, [])
    return result
  }
}

extension CaseResult {
  /// Widens ``medianInterval`` to reach at least `shift` (a log ratio) either
  /// side of the median, and ``uncertaintyNs`` with it.
  mutating func widen(byRerunShift shift: Double) {
    guard let median = statistics?.median, median > 0, let interval = medianInterval, shift > 0 else { return }
    rerunShift = shift
    let low = min(interval.lowerBound, median * exp(-shift))
    let high = max(interval.upperBound, median * exp(shift))
    medianInterval = low...high
    let harness = harnessUncertaintyNs
    let spread = max((uncertaintyNs ?? harness) - harness, high - median)
    uncertaintyNs = harness + spread
  }
}
