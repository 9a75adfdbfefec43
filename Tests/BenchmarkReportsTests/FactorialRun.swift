import BenchmarkKit
import BenchmarkReports

/// Runs of the strategy matrix built in the test, with effects planted: every
/// strategy's samples are a base cost times its factor, times a machine state
/// shared by every strategy in the same (pass, round) — the drift pairing cancels
/// —, times noise of its own; several passes of several rounds, as a run takes them.
enum FactorialRun {
  /// The eight core strategies, the refinements and the reference.
  static let strategies =
    StrategyChoice.matrix + ["lock-thread-keypath+identity", "actor-task-keypath+identity", "lock-task-keypath+checked"]
    + ["apple"]

  /// The cases of one scenario and size: `factor(strategy)` times a base of 100 ns.
  static func cases(
    scenario: String, size: Int = 1, suite: String = "reads", strategies: [String] = strategies,
    passes: Int = 4, rounds: Int = 8, noise: Double = 0.03, seed: UInt64 = 1,
    factor: (String) -> Double
  ) -> [CaseResult] {
    var machine = SplitMix64(seed: seed)
    // Odd passes run 10% slower; rounds wander within a pass. (A ×2 state between
    // passes would leave no median above its resolution at these few samples.)
    let states = (0..<passes).map { pass in
      (0..<rounds).map { _ in (pass % 2 == 0 ? 1.0 : 1.1) * (1 + 0.2 * uniform(&machine)) }
    }
    return strategies.map { strategy in
      var generator = SplitMix64(seed: SplitMix64.seed(for: "\(scenario)/\(size)/\(strategy)", base: seed))
      let passSamples = states.map { pass in
        pass.map { state in 100 * factor(strategy) * state * (1 + noise * (2 * uniform(&generator) - 1)) }
      }
      return result(suite: suite, scenario: scenario, size: size, strategy: strategy, passes: passSamples)
    }
  }

  /// A case whose pass *p* took `passes[p]`, rounds numbered from 0 in each pass,
  /// summarised as a run would.
  static func result(suite: String, scenario: String, size: Int, strategy: String, passes: [[Double]]) -> CaseResult {
    var result = CaseResult(suite: suite, scenario: scenario, strategy: strategy, size: size)
    result.iterations = 1000
    result.samples = passes.flatMap { $0 }
    result.elapsedNs = result.samples.map { UInt64(max(0, $0) * 1000) }
    result.passSampleCounts = passes.map(\.count)
    result.sampleRounds = passes.flatMap { Array($0.indices) }
    result.loopOverheadNs = 0.1
    result.loopUncertaintyNs = 0.01
    result.summarise(resamples: 200, seed: 7)
    return result
  }

  /// `cases` as a run, published as `obsbench run` publishes it: figures and effects.
  static func run(_ cases: [CaseResult]) -> BenchmarkRun {
    Publication.publish(BenchmarkRun(environment: Fixtures.environment, settings: Fixtures.settings, cases: cases))
  }

  /// The effect of `choice` at `scenario` in `run`.
  static func effect(_ choice: StrategyChoice, _ scenario: String, in run: BenchmarkRun) -> CaseEffect? {
    run.effects?.cases.first { $0.choice == choice.rawValue && $0.scenario == scenario }
  }

  private static func uniform(_ generator: inout SplitMix64) -> Double {
    Double(generator.next() >> 11) / Double(1 << 53)
  }
}
