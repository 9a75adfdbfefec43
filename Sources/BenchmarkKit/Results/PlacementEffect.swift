/// How much a case's time moved with the stack placement its samples ran at
/// (``StackPlacement``), against what its sample noise alone would show.
///
/// The spread is the range of the placements' medians relative to the case's
/// median. Noise alone spreads them too (a placement's median of three samples
/// is itself noisy), so the same statistic is taken over the samples with
/// their placements shuffled, many times: a case *moves with placement* only
/// where its spread is above the 95th percentile of those, a permutation test
/// at 5% per case.
public struct PlacementEffect: Codable, Hashable, Sendable {
  /// The placements that held at least ``minimumSamples`` samples.
  public var placements: Int
  /// The range of those placements' medians, relative to the case's median
  /// (0.05 = the slowest placement's median 5% of the median above the fastest's).
  public var spread: Double
  /// The 95th percentile of ``spread`` with the placements shuffled: what
  /// sample noise alone reaches.
  public var shuffledSpread: Double

  /// Whether the case's time depended on its placement beyond its noise.
  public var movesWithPlacement: Bool { spread > shuffledSpread }

  /// Samples a placement needs for its median to count.
  public static let minimumSamples = 2
  /// Shuffles of the permutation test.
  public static let shuffles = 200

  /// The effect of `offsets` (each sample's stack offset) on `samples`; `nil`
  /// where fewer than two placements hold ``minimumSamples`` samples each, or
  /// the median is not positive.
  public init?(samples: [Double], offsets: [Int], seed: UInt64) {
    guard samples.count == offsets.count, let median = Statistics.median(samples), median > 0 else { return nil }
    let kept = Self.keptPlacements(offsets)
    guard kept.count >= 2 else { return nil }
    let pairs = zip(samples, offsets).filter { kept.contains($0.1) }
    let values = pairs.map(\.0)
    let labels = pairs.map(\.1)
    placements = kept.count
    spread = Self.spread(values, labels) / median
    var generator = SplitMix64(seed: seed)
    var shuffled = labels
    var spreads = [Double]()
    spreads.reserveCapacity(Self.shuffles)
    for _ in 0..<Self.shuffles {
      shuffled = BenchmarkRunner.shuffled(shuffled, using: &generator)
      spreads.append(Self.spread(values, shuffled) / median)
    }
    shuffledSpread = Statistics.percentile(0.95, ofSorted: spreads.sorted())
  }

  /// The placements with at least ``minimumSamples`` samples.
  private static func keptPlacements(_ offsets: [Int]) -> Set<Int> {
    Set(Dictionary(grouping: offsets, by: { $0 }).filter { $0.value.count >= minimumSamples }.keys)
  }

  /// The range of the per-label medians.
  private static func spread(_ values: [Double], _ labels: [Int]) -> Double {
    var groups = [Int: [Double]]()
    for (value, label) in zip(values, labels) { groups[label, default: []].append(value) }
    let medians = groups.values.compactMap { Statistics.median($0) }
    guard let low = medians.min(), let high = medians.max() else { return 0 }
    return high - low
  }
}
