/// Per-operation latencies, counted in log-linear buckets, so that passes and
/// samples merge by adding counts and percentiles stay within 1/32 of the value.
///
/// Timing every operation separately is what a stall probe needs: its question
/// is not the mean but how long the slowest reads wait. A bucket holds the
/// latencies from `lowerBound(i)` to just under `lowerBound(i + 1)`; below 64 ns
/// every nanosecond has one, above it each power of two is split in 32. The
/// maximum and the count over ``slowThresholdNs`` are kept exactly.
public struct LatencyHistogram: Codable, Hashable, Sendable {
  /// Latencies of this many nanoseconds and more count as slow: 1 ms, a frame's
  /// budget gone many times over.
  public static let slowThresholdNs: UInt64 = 1_000_000

  /// Bucket index → count, only the buckets that hold any.
  public private(set) var counts: [Int: UInt64] = [:]
  /// The latencies recorded.
  public private(set) var count: UInt64 = 0
  /// The largest latency recorded, exactly.
  public private(set) var maxNs: UInt64 = 0
  /// The latencies of ``slowThresholdNs`` or more.
  public private(set) var slowCount: UInt64 = 0

  /// An empty histogram.
  public init() {}

  /// The latencies all of `parts` recorded.
  public init(merging parts: [LatencyHistogram]) {
    for part in parts { merge(part) }
  }

  /// Records one latency.
  public mutating func record(_ nanoseconds: UInt64) {
    counts[Self.bucket(of: nanoseconds), default: 0] += 1
    count += 1
    maxNs = max(maxNs, nanoseconds)
    if nanoseconds >= Self.slowThresholdNs { slowCount += 1 }
  }

  /// Adds every latency `other` recorded.
  public mutating func merge(_ other: LatencyHistogram) {
    counts.merge(other.counts, uniquingKeysWith: +)
    count += other.count
    maxNs = max(maxNs, other.maxNs)
    slowCount += other.slowCount
  }

  /// The latency under which a fraction `p` (0...1) of the recorded ones fall:
  /// the upper end of the bucket holding that rank, never above the maximum;
  /// `nil` when nothing was recorded.
  public func percentile(_ p: Double) -> UInt64? {
    guard count > 0 else { return nil }
    let rank = max(1, UInt64((p * Double(count)).rounded(.up)))
    var seen: UInt64 = 0
    for index in counts.keys.sorted() {
      seen += counts[index]!
      if seen >= rank { return min(Self.lowerBound(of: index + 1) - 1, maxNs) }
    }
    return maxNs
  }

  /// The bucket of a latency.
  static func bucket(of nanoseconds: UInt64) -> Int {
    guard nanoseconds >= 64 else { return Int(nanoseconds) }
    let octave = 63 - nanoseconds.leadingZeroBitCount  // 6...63
    let step = Int(truncatingIfNeeded: nanoseconds >> UInt64(octave - 5)) & 31
    return 64 + (octave - 6) * 32 + step
  }

  /// The smallest latency of bucket `index`.
  static func lowerBound(of index: Int) -> UInt64 {
    guard index >= 64 else { return UInt64(index) }
    let octave = (index - 64) / 32 + 6
    let step = UInt64((index - 64) % 32)
    guard octave < 64 else { return .max }
    return (32 + step) << UInt64(octave - 5)
  }
}
