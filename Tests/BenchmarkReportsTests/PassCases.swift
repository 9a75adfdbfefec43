import BenchmarkKit

/// Cases measured in passes, built from per-pass samples, for the tests of
/// pairing, intervals and the floor check.
enum PassCases {
  /// A case of `strategy` whose pass *p* took `passes[p]`, rounds numbered from
  /// 0 in each pass (or as `rounds` gives them), summarised as a run would.
  static func result(
    _ strategy: String, passes: [[Double]], rounds: [[Int]]? = nil, scenario: String = "x",
    instructions: Double? = nil
  ) -> CaseResult {
    var result = CaseResult(suite: "s", scenario: scenario, strategy: strategy, size: 1)
    result.iterations = 1000
    result.samples = passes.flatMap { $0 }
    result.elapsedNs = result.samples.map { UInt64(max(0, $0) * 1000) }
    result.passSampleCounts = passes.map(\.count)
    result.sampleRounds = rounds?.flatMap { $0 } ?? passes.flatMap { Array($0.indices) }
    result.loopOverheadNs = 0.1
    result.loopUncertaintyNs = 0.01
    result.instructionsPerOperation = instructions
    result.summarise(resamples: 200, seed: 7)
    return result
  }
}
