import BenchmarkKit
import Benchmarks
import Foundation
import ObservationCore
import OutsideStrategies
import Testing

/// A strategy defined in this test target (``LockThreadMirrored``), outside
/// `StrategyCatalog`, runs in every benchmark scenario its capabilities allow,
/// the contention suite included, with no list of a suite edited; the core's
/// behaviour and stress tests take it through ``StrategyCase``.
@Suite("Extending: a strategy from outside the catalog", .serialized)
struct ExtensionTests {
  static let added = LockThreadMirrored.id
  static let suites = Registry.suites(adding: AddedStrategies.entries)

  /// Every (suite, scenario, size) that lists the added strategy: the smallest size
  /// of each scenario.
  static let cases: [AddedCase] = suites.flatMap { suite in
    suite.scenarios.filter { $0.strategies.contains(added) }.map { scenario in
      AddedCase(suite: suite.name, scenario: scenario, size: scenario.sizes[0])
    }
  }

  @Test func addedStrategy_isWhereverItsCapabilitySiblingIs() {
    #expect(Self.added == "lock-thread-mirrored")
    // lock-thread-keypath has the same capabilities; every scenario that runs it
    // runs the added strategy, right after the matrix, and no other does.
    for suite in Self.suites where suite.name != "selfcheck" && suite.name != "knowncounts" {
      for scenario in suite.scenarios {
        let listed = scenario.strategies.contains(Self.added)
        let standalone =
          scenario.strategies.contains("lock-thread-keypath")
          && scenario.strategies.contains("lock-thread-whole")
        #expect(listed == standalone, "\(suite.name)/\(scenario.name)")
        if listed,
          let last = scenario.strategies.firstIndex(of: "actor-task-whole")
            ?? scenario.strategies.firstIndex(of: "lock-task-whole")
        {
          #expect(
            scenario.strategies.firstIndex(of: Self.added)! > last, "\(suite.name)/\(scenario.name): after the matrix")
        }
      }
    }
    let contention = Self.suites.first { $0.name == "contention" }!
    #expect(contention.scenarios.map { $0.strategies.contains(Self.added) } == [true, true, false, true, true])
  }

  @Test func defaultSuites_areUnchanged_byAnAddedStrategy() {
    let plain = Registry.suites
    #expect(plain.flatMap(\.strategies).contains(Self.added) == false)
    #expect(plain.map(\.name) == Self.suites.map(\.name))
    #expect(plain.map { $0.scenarios.map(\.name) } == Self.suites.map { $0.scenarios.map(\.name) })
  }

  @Test func addedStrategy_isRefusedWhereTheCatalogIsAllThereIs() {
    let reads = Registry.suites.first { $0.name == "reads" }!
    #expect(throws: (any Error).self) { try reads.scenarios[0].prepare(strategy: Self.added, size: 1) }
  }

  // Under ThreadSanitizer the benchmark harness is not what is being checked,
  // and its threads are not annotated for it: the core's stress tests cover the
  // added strategy there; this runs with the debug tests (scripts/test runs
  // BenchmarksTests only there).
  @Test(.enabled(if: !underThreadSanitizer, "benchmark cases run in the plain and release passes"), arguments: cases)
  func addedStrategy_runsAndNotifiesAsPromised(_ test: AddedCase) async throws {
    let outcome = try await onOwnThread { () throws -> Outcome in
      let prepared = try test.scenario.prepare(strategy: Self.added, size: test.size)
      defer { prepared.tearDown?() }
      let timed = UncheckedSendable(prepared)
      var before = 0
      var after = 0
      let body = {
        timed.value.run(2)
        before = timed.value.notifications?() ?? 0
        timed.value.run(4)
        after = timed.value.notifications?() ?? 0
      }
      if let isolation = prepared.isolation { isolation(body) } else { body() }
      return Outcome(
        perOperation: Double(after - before) / Double(4 * prepared.operationsPerIteration),
        expected: prepared.expectedNotificationsPerOperation)
    }
    if let expected = outcome.expected {
      #expect(outcome.perOperation == expected, "notifications per operation")
    }
  }

  @Test func addedStrategy_ranInTheContentionSuite() {
    #expect(
      Self.cases.filter { $0.suite == "contention" }.map(\.scenario.name)
        == ["object", "store", "object-rearm", "store-rearm"])
  }

  struct Outcome: Sendable {
    let perOperation: Double
    let expected: Double?
  }
}

/// One scenario of a suite at one size, as a Swift Testing argument.
struct AddedCase: Sendable, CustomTestStringConvertible {
  let suite: String
  let scenario: BenchmarkScenario
  let size: Int

  var testDescription: String { "\(suite)/\(scenario.name)[\(size)]" }
}

/// Whether this process runs under ThreadSanitizer (its runtime is linked in).
private let underThreadSanitizer = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil

/// Runs `body` on a thread of its own: a case's isolation blocks its caller while
/// ObservationActor runs, which must not be one of the cooperative threads.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try body() })
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
