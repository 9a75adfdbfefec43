import BenchmarkKit
import Benchmarks
import Testing

/// Every workload prepared, run and torn down, with its notifications checked.
@Suite("Scenarios", .serialized)
struct ScenarioSmokeTests {
  /// Loop iterations per checked run: even, so that alternating operations pair
  /// up (each iteration is 1 or `unrollFactor` operations).
  static let operations = 4

  @Test(arguments: ScenarioCase.all)
  func runs_andNotifiesAsPromised(_ test: ScenarioCase) async throws {
    let outcome = try await onThread { () throws -> Outcome in
      let prepared = try test.scenario.prepare(strategy: test.strategy, size: test.size)
      defer { prepared.tearDown?() }
      let timed = UncheckedSendable(prepared)
      var before = 0
      var after = 0
      let body = {
        timed.value.run(0)
        // The first runs arm lazily built state; count only a later one.
        timed.value.run(2)
        before = timed.value.notifications?() ?? 0
        timed.value.run(Self.operations)
        after = timed.value.notifications?() ?? 0
      }
      if let isolation = prepared.isolation { isolation(body) } else { body() }
      return Outcome(
        counted: prepared.notifications != nil,
        perOperation: Double(after - before) / Double(Self.operations * prepared.operationsPerIteration),
        expected: prepared.expectedNotificationsPerOperation)
    }
    if let expected = outcome.expected {
      #expect(outcome.counted, "an expectation without a count is never checked")
      #expect(outcome.perOperation == expected, "notifications per operation")
    } else if let paired = PairedExpectations.perOperation(test) {
      #expect(outcome.perOperation == paired, "notifications per operation, averaged over pairs")
    }
  }

  struct Outcome: Sendable {
    let counted: Bool
    let perOperation: Double
    let expected: Double?
  }
}
