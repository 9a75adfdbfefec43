import Foundation

/// How much of each stress and volume loop a test run does: the factor in
/// `OBSBENCH_STRESS_SCALE` (default 1, the full loops).
///
/// The debug and release passes of `scripts/test` run the full loops. The
/// ThreadSanitizer pass runs a quarter of them: instrumented, every lock and
/// atomic costs tens of times more, and at full size that pass took five of
/// CI's twenty minutes. A race shows in thousands of interleavings as it does
/// in a hundred thousand; the volumes' point (tables left empty after a million
/// scopes) is made at full size by the other passes.
enum StressScale {
  /// The factor, clamped to (0, 1]: a typo cannot make a loop larger or empty.
  static let factor: Double = {
    guard let text = ProcessInfo.processInfo.environment["OBSBENCH_STRESS_SCALE"], let value = Double(text),
      value > 0
    else { return 1 }
    return min(value, 1)
  }()

  /// `count` scaled, rounded down to a multiple of `step` and never below `step`.
  static func scaled(_ count: Int, step: Int = 1) -> Int {
    max(step, Int(Double(count) * factor) / step * step)
  }
}
