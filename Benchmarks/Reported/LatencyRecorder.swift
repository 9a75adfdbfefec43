import BenchmarkKit

/// Where a probe's reader records the latency of each operation it times, for
/// the runner to take after each sample (``PreparedCase/latencies``).
///
/// Written by the measuring thread only, and taken between timings, in the
/// same isolation.
final class LatencyRecorder: @unchecked Sendable {
  private var recorded = LatencyHistogram()

  /// Records one operation's latency.
  @inline(__always)
  func record(_ nanoseconds: UInt64) {
    recorded.record(nanoseconds)
  }

  /// The latencies recorded since the last call.
  func take() -> LatencyHistogram {
    defer { recorded = LatencyHistogram() }
    return recorded
  }
}
