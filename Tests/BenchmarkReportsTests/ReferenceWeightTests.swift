import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// An A/B verdict judges a case through the reference beside it by as much of
/// the reference's move as the case shares (β), not always all of it.
@Suite struct ReferenceWeightTests {
  /// One build's run of `scenarios` scenarios, 8 passes of 3 rounds: `apple`
  /// lands in a state per pass (×0.7–1.4), the lock strategy moves with it
  /// (its own state a few percent apart), the actor strategy lands in states
  /// of its own (×0.85–1.18); `slower` scales a strategy's every sample.
  static func build(seed: UInt64, scenarios: Int = 6, slower: [String: Double] = [:]) -> BenchmarkRun {
    var generator = SplitMix64(seed: seed)
    func uniform(_ low: Double, _ high: Double) -> Double {
      low + (high - low) * Double(generator.next() % 10_001) / 10_000
    }
    var cases = [CaseResult]()
    for scenario in 0..<scenarios {
      var passes = ["apple": [[Double]](), "lock-thread-keypath": [], "actor-thread-keypath": []]
      for _ in 0..<8 {
        let state = uniform(0.7, 1.4)
        let own = uniform(0.85, 1.18)
        for (strategy, base, factor) in [
          ("apple", 900.0, state), ("lock-thread-keypath", 300.0, state * uniform(0.97, 1.03)),
          ("actor-thread-keypath", 2000.0, own),
        ] {
          passes[strategy]?.append(
            (0..<3).map { _ in base * factor * (slower[strategy] ?? 1) * uniform(0.99, 1.01) })
        }
      }
      for (strategy, samples) in passes.sorted(by: { $0.key < $1.key }) {
        cases.append(PassCases.result(strategy, passes: samples, scenario: "s\(scenario)"))
      }
    }
    return Publication.publish(Fixtures.run(cases))
  }

  static func matched(_ baseline: BenchmarkRun, _ current: BenchmarkRun) -> [CaseKey: RunComparison.MatchedCase] {
    var matched = [CaseKey: RunComparison.MatchedCase]()
    let old = Dictionary(uniqueKeysWithValues: baseline.cases.map { ($0.key, $0) })
    for after in current.cases where after.strategy != "apple" {
      let key = after.key
      let referenceKey = CaseKey(suite: key.suite, scenario: key.scenario, strategy: "apple", size: key.size)
      guard let before = old[key], let referenceBefore = old[referenceKey],
        let referenceAfter = current.cases.first(where: { $0.key == referenceKey })
      else { continue }
      matched[key] = .init(before: before, after: after, reference: (referenceBefore, referenceAfter))
    }
    return matched
  }

  @Test func referenceWeights_whenACaseMovesWithItsReference_isNearOne_andWhenOnItsOwn_nearZero() {
    let weights = RunComparison.referenceWeights(Self.matched(Self.build(seed: 1), Self.build(seed: 2)))
    let lock = weights.first { $0.key.strategy == "lock-thread-keypath" }?.value
    let actor = weights.first { $0.key.strategy == "actor-thread-keypath" }?.value
    #expect(lock.map { $0 > 0.85 } == true, "\(String(describing: lock))")
    #expect(actor.map { $0 < 0.25 } == true, "\(String(describing: actor))")
  }

  @Test func pairedShifts_ofCasesOnTheirOwn_spreadLessThanTheirRatioToTheReference() {
    let baseline = Self.build(seed: 3)
    let current = Self.build(seed: 4)
    let old = Dictionary(uniqueKeysWithValues: baseline.cases.map { ($0.key, $0) })
    let new = Dictionary(uniqueKeysWithValues: current.cases.map { ($0.key, $0) })
    var withWeight = [Double]()
    var wholeRatio = [Double]()
    for (key, values) in RunComparison.pairedShifts(baseline: old, current: new)
    where key.strategy == "actor-thread-keypath" {
      let reference = CaseKey(suite: key.suite, scenario: key.scenario, strategy: "apple", size: key.size)
      let before = RunComparison.passStandings(old[key]!, to: old[reference]!, weight: 1, passes: 8)
      let after = RunComparison.passStandings(new[key]!, to: new[reference]!, weight: 1, passes: 8)
      withWeight.append(RunComparison.standardDeviation(values.compactMap { $0 }) ?? .infinity)
      wholeRatio.append(RunComparison.standardDeviation(zip(before, after).map { $1! - $0! }) ?? 0)
    }
    #expect(withWeight.count == 6)
    // Pooled over the six cases: the reference's own states no longer add to theirs.
    #expect(withWeight.reduce(0, +) < 0.7 * wholeRatio.reduce(0, +), "\(withWeight) against \(wholeRatio)")
  }

  @Test func paired_whenCasesOnTheirOwnAre25PercentSlower_flagsThem_andNothingElse() {
    let comparison = RunComparison(
      pairedBaseline: Self.build(seed: 5), current: Self.build(seed: 6, slower: ["actor-thread-keypath": 1.25]))
    #expect(Set(comparison.gateFailures.map(\.key.strategy)) == ["actor-thread-keypath"])
    #expect(comparison.gateFailures.count == 6)
  }

  @Test func paired_whenNothingChanged_flagsNothing() {
    for seed in stride(from: 11 as UInt64, through: 19, by: 2) {
      let comparison = RunComparison(pairedBaseline: Self.build(seed: seed), current: Self.build(seed: seed + 1))
      #expect(comparison.gateFailures.isEmpty, "seeds \(seed), \(seed + 1): \(comparison.gateFailures.map(\.key))")
    }
  }
}
