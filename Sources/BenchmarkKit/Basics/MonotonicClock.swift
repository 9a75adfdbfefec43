#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the monotonic clock in nanoseconds.
///
/// `CLOCK_MONOTONIC` never jumps with wall-clock adjustments, so the difference
/// of two readings is a duration. On these machines one reading costs ~20 ns
/// through the vDSO and resolves to 1 ns; a sample lasts milliseconds, so neither
/// matters after calibration.
public enum MonotonicClock {
  /// The current reading, in nanoseconds since an arbitrary fixed point.
  @inline(__always)
  public static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  /// The nanoseconds `body` takes, timed once.
  @inline(__always)
  public static func measure(_ body: () -> Void) -> UInt64 {
    let start = now()
    body()
    return now() &- start
  }
}
