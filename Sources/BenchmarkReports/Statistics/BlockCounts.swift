import Foundation

/// How many samples at or under a value each block of a resample holds, as the
/// value rises through the samples: the distributions of a full block's count
/// and of the last, shorter block's, over the circular block starts.
struct BlockCounts {
  let count: Int
  let block: Int
  let blocks: Int
  let lastBlock: Int
  /// Per start, how many of the block's samples are included so far.
  private var full: [Int]
  private var last: [Int]
  /// How many starts have each count.
  private var fullHistogram: [Int]
  private var lastHistogram: [Int]

  init(count: Int) {
    self.count = count
    block = max(1, Int(cbrt(Double(count)).rounded(.up)))
    blocks = (count + block - 1) / block
    lastBlock = count - (blocks - 1) * block
    full = Array(repeating: 0, count: count)
    last = Array(repeating: 0, count: count)
    fullHistogram = Array(repeating: 0, count: block + 1)
    fullHistogram[0] = count
    lastHistogram = Array(repeating: 0, count: lastBlock + 1)
    lastHistogram[0] = count
  }

  /// Counts sample `index` as at or under the value: in every block holding it.
  mutating func include(_ index: Int) {
    for offset in 0..<block {
      let start = (index - offset + count) % count
      fullHistogram[full[start]] -= 1
      full[start] += 1
      fullHistogram[full[start]] += 1
      if offset < lastBlock {
        lastHistogram[last[start]] -= 1
        last[start] += 1
        lastHistogram[last[start]] += 1
      }
    }
  }

  /// For each of `ranks` (ascending), the probability that a resample holds at
  /// least that many included samples: one distribution of the sum serves them all.
  func probabilitiesOfAtLeast(_ ranks: [Int]) -> [Double] {
    let fullBlock = fullHistogram.map { Double($0) / Double(count) }
    let lastOne = lastHistogram.map { Double($0) / Double(count) }
    if blocks - 1 >= BlockBootstrap.normalApproximationBlocks {
      return ranks.map { normalProbabilityOfAtLeast($0, fullBlock: fullBlock, lastOne: lastOne) }
    }
    // The sum's distribution, capped at the largest rank (its cell holds "that or more").
    let cap = ranks.max() ?? 0
    var sum = Array(repeating: 0.0, count: cap + 1)
    for (value, probability) in lastOne.enumerated() { sum[min(value, cap)] += probability }
    for _ in 1..<blocks {
      var next = Array(repeating: 0.0, count: cap + 1)
      for (total, probability) in sum.enumerated() where probability > 0 {
        for (value, blockProbability) in fullBlock.enumerated() where blockProbability > 0 {
          next[min(total + value, cap)] += probability * blockProbability
        }
      }
      sum = next
    }
    return ranks.map { sum[$0...].reduce(0, +) }
  }

  private func normalProbabilityOfAtLeast(_ rank: Int, fullBlock: [Double], lastOne: [Double]) -> Double {
    func moments(_ distribution: [Double]) -> (mean: Double, variance: Double) {
      let mean = distribution.enumerated().reduce(0) { $0 + Double($1.offset) * $1.element }
      let square = distribution.enumerated().reduce(0) { $0 + Double($1.offset * $1.offset) * $1.element }
      return (mean, max(0, square - mean * mean))
    }
    let one = moments(fullBlock)
    let tail = moments(lastOne)
    let mean = Double(blocks - 1) * one.mean + tail.mean
    let deviation = (Double(blocks - 1) * one.variance + tail.variance).squareRoot()
    // Continuity-corrected: P(S ≥ rank) = P(S > rank - 0.5).
    guard deviation > 0 else { return mean >= Double(rank) ? 1 : 0 }
    return 0.5 * erfc((Double(rank) - 0.5 - mean) / (deviation * 2.0.squareRoot()))
  }
}
