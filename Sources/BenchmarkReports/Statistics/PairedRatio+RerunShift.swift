import BenchmarkKit

extension PairedRatio {
  /// The split shifts (``RerunShift/splitShifts(ofPasses:floor:)``) of the paired
  /// ratio of `result` to `reference`: each pass's per-round ratios, split into
  /// halves of the passes every way. A ratio cancels the state a process is in
  /// only as far as both sides feel it alike; where they do not, four passes of
  /// one case can agree by luck, and the scenario's cases together show how far
  /// a rerun's ratio moves. Empty where the ratio has no interval (a failure, a
  /// bound on either side).
  public static func splitShifts(of result: CaseResult, to reference: CaseResult) -> [Double] {
    guard result.failure == nil, reference.failure == nil,
      case .value = result.medianFigure, case .value = reference.medianFigure
    else { return [] }
    let usable = pairs(result, reference).filter { $0.denominator > 0 && $0.numerator.isFinite }
    let byPass = Dictionary(grouping: usable, by: \.pass)
    let passes = byPass.keys.sorted().map { pass in byPass[pass, default: []].map { $0.numerator / $0.denominator } }
    return RerunShift.splitShifts(ofPasses: passes)
  }
}
