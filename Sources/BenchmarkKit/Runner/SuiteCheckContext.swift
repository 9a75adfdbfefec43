/// What a ``SuiteCheck`` can see: the suite's results, and a way to time a case
/// once, the long way, to compare the sampled figures with.
public struct SuiteCheckContext {
  /// The suite being checked.
  public let suite: BenchmarkSuite
  /// The run so far: every case and fit, and the loop overhead.
  public let run: BenchmarkRun

  /// Creates a context.
  public init(suite: BenchmarkSuite, run: BenchmarkRun) {
    self.suite = suite
    self.run = run
  }

  /// The result of one of the suite's cases, or `nil` if it did not run. Without
  /// a size, the first size that ran.
  public func result(scenario: String, strategy: String, size: Int? = nil) -> CaseResult? {
    run.cases.first {
      $0.suite == suite.name && $0.scenario == scenario && $0.strategy == strategy
        && (size == nil || $0.size == size)
    }
  }

  /// The growth fit of one of the suite's scenarios and strategies, if any.
  public func fit(scenario: String, strategy: String) -> GrowthFit? {
    run.fits.first { $0.suite == suite.name && $0.scenario == scenario && $0.strategy == strategy }
  }

  /// Nanoseconds per operation of one long timing of `iterations` loop
  /// iterations, with the same overheads subtracted as from a sample.
  ///
  /// Prepares a fresh case, warms it up, times `run(0)` for the fixed cost, then
  /// times `run(iterations)` once, in the case's isolation.
  ///
  /// - Parameter loopOverheadNs: The loop cost to subtract; by default the one
  ///   measured at the start of the run. Pass a case's own
  ///   ``CaseResult/loopOverheadNs`` (per operation) to compare with that case
  ///   like for like.
  public func timeOnce(
    scenario name: String, strategy: String, size: Int, iterations: Int, loopOverheadNs: Double? = nil
  ) throws -> Double {
    guard let scenario = suite.scenarios.first(where: { $0.name == name }) else {
      throw SelectionError("check of \(suite.name): no scenario '\(name)'")
    }
    let prepared = try scenario.prepare(strategy: strategy, size: size)
    defer { prepared.tearDown?() }
    let loopOverhead = loopOverheadNs ?? run.settings.loopOverheadNs
    let outcome = UncheckedSendable(Box())
    let body = {
      prepared.run(max(1, iterations / 100))
      var fixed = (0..<15).map { _ in Double(MonotonicClock.measure { prepared.run(0) }) }
      fixed.sort()
      let elapsed = Double(MonotonicClock.measure { prepared.run(iterations) })
      let operations = Double(iterations * prepared.operationsPerIteration)
      outcome.value.nsPerOperation = (elapsed - fixed[fixed.count / 2]) / operations - loopOverhead
    }
    if let isolation = prepared.isolation { isolation(body) } else { body() }
    return outcome.value.nsPerOperation
  }

  /// Evaluates `check`, turning a skip or an error into a noted result.
  func evaluate(_ check: SuiteCheck) -> CheckResult {
    do {
      guard let outcome = try check.evaluate(self) else {
        return CheckResult(
          suite: suite.name, name: check.name, summary: check.summary, outcome: nil,
          note: CheckResult.skippedNote)
      }
      return CheckResult(suite: suite.name, name: check.name, summary: check.summary, outcome: outcome)
    } catch let skip as CheckSkipped {
      return CheckResult(
        suite: suite.name, name: check.name, summary: check.summary, outcome: nil,
        note: "skipped: \(skip.reason)")
    } catch {
      return CheckResult(
        suite: suite.name, name: check.name, summary: check.summary, outcome: nil,
        note: "could not run: \(error)")
    }
  }

  private final class Box {
    var nsPerOperation = 0.0
  }
}
