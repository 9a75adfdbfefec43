import BenchmarkKit
import BenchmarkReports
import Testing

/// Ratios pair the samples two cases took side by side: the same pass and round.
@Suite("Pairing by pass and round")
struct PairingTests {
  @Test func pairs_withUnequalPassCounts_pairOnlySamePassAndRoundSamples() {
    // Pass 1: the case has rounds 0-2, the reference rounds 0-1; pass 2: the case
    // has round 0 only, the reference rounds 0-2. Index pairing would match the
    // case's pass-2 sample with the reference's third pass-1 sample... which does
    // not exist, and shift every later pair into the wrong process.
    let result = PassCases.result("a", passes: [[10, 11, 12], [20]])
    let reference = PassCases.result("apple", passes: [[100, 110], [200, 210, 220]])
    let pairs = PairedRatio.pairs(result, reference)
    #expect(pairs.map(\.pass) == [0, 0, 1])
    #expect(pairs.map(\.numerator) == [10, 11, 20])
    #expect(pairs.map(\.denominator) == [100, 110, 200])
  }

  @Test func pairs_dropRoundsWhereASideIsMissing() {
    // A re-timed first sample or a case that stopped early leaves gaps in rounds.
    let result = PassCases.result("a", passes: [[1, 2, 3]], rounds: [[0, 2, 3]])
    let reference = PassCases.result("apple", passes: [[10, 20, 30]], rounds: [[0, 1, 2]])
    let pairs = PairedRatio.pairs(result, reference)
    #expect(pairs.map(\.numerator) == [1, 2])
    #expect(pairs.map(\.denominator) == [10, 30])
  }

  @Test func pairs_ofResultsWithoutRounds_pairByPositionInEachPass() {
    var result = PassCases.result("a", passes: [[1, 2], [3]])
    var reference = PassCases.result("apple", passes: [[10], [20, 30]])
    result.sampleRounds = nil
    reference.sampleRounds = nil
    #expect(PairedRatio.pairs(result, reference).map(\.numerator) == [1, 3])
  }

  @Test func interval_holdsEveryPassesRatio_andIsWiderThanOnePasssSpread() throws {
    // The case runs at 0.8× apple in two passes and 1× in two: a rerun may land
    // at either, and the interval says so.
    let result = PassCases.result("a", passes: [[8, 8.1, 7.9], [10, 10.1, 9.9], [8, 8, 8.1], [10, 9.9, 10]])
    let reference = PassCases.result("apple", passes: Array(repeating: [10, 10.1, 9.9], count: 4))
    let interval = try #require(PairedRatio.interval(of: result, to: reference))
    #expect(interval.lowerBound <= 0.8 && interval.upperBound >= 1)
  }
}
