import Testing

@testable import BenchmarkKit

/// The per-operation latency histogram: exact below 64 ns, within 1/32 above,
/// exact maximum and slow count, and merging that equals recording together.
@Suite("Latency histogram")
struct LatencyHistogramTests {
  @Test func percentile_whenEmpty_isNil() {
    #expect(LatencyHistogram().percentile(0.5) == nil)
    #expect(LatencyHistogram().count == 0)
  }

  @Test func percentile_belowSixtyFourNanoseconds_isExact() {
    var histogram = LatencyHistogram()
    for value in 1...50 { histogram.record(UInt64(value)) }
    #expect(histogram.percentile(0.5) == 25)
    #expect(histogram.percentile(0.99) == 50)
    #expect(histogram.percentile(0) == 1)
  }

  @Test func percentile_ofLargeValues_isWithinOneThirtySecond_andNeverAboveTheMaximum() {
    var histogram = LatencyHistogram()
    for value in [1_000, 10_000, 123_456, 5_000_000] as [UInt64] { histogram.record(value) }
    let median = try! #require(histogram.percentile(0.5))
    #expect(median >= 10_000 && Double(median) <= 10_000 * (1 + 1.0 / 32))
    #expect(histogram.percentile(1) == 5_000_000)
    #expect(histogram.maxNs == 5_000_000)
  }

  @Test func slowCount_countsLatenciesOfOneMillisecondAndMore() {
    var histogram = LatencyHistogram()
    for value in [999_999, 1_000_000, 2_000_000, 30] as [UInt64] { histogram.record(value) }
    #expect(histogram.slowCount == 2)
    #expect(histogram.count == 4)
  }

  @Test func merge_equalsRecordingEverythingInOne() {
    var one = LatencyHistogram()
    var left = LatencyHistogram()
    var right = LatencyHistogram()
    for value in stride(from: 1 as UInt64, to: 3_000_000, by: 7_919) {
      one.record(value)
      if value % 2 == 0 { left.record(value) } else { right.record(value) }
    }
    #expect(LatencyHistogram(merging: [left, right]) == one)
  }

  @Test func buckets_coverEveryValue_inOrder() {
    for shift in 0..<64 {
      for value in [UInt64(1) << UInt64(shift), (UInt64(1) << UInt64(shift)) | 1, UInt64.max >> UInt64(63 - shift)] {
        let bucket = LatencyHistogram.bucket(of: value)
        #expect(LatencyHistogram.lowerBound(of: bucket) <= value)
        #expect(value < LatencyHistogram.lowerBound(of: bucket + 1) || bucket == 1919)
      }
    }
    #expect(LatencyHistogram.bucket(of: .max) == 1919)
  }
}
