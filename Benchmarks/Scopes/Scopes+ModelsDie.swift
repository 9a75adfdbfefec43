import BenchmarkKit
import Observation
import ObservationCore

extension Scopes {
  /// A scope on a model that is freed before it changes: a row that scrolls away
  /// or a screen dismissed unchanged. Its token is dropped, never cancelled.
  static var modelsDie: BenchmarkScenario {
    BenchmarkScenario(
      name: "models-die",
      summary:
        "Makes a model, opens a scope reading one property, drops the token and frees the model without a write (0 "
        + "notifications)",
      strategies: StrategyIDs.objectsObserved
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try ModelsDie().prepare(id: id)
      case .apple: return modelsDieApple()
      case .none: throw UnknownStrategy(id: id)
      }
    }
  }

  private static func modelsDie<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let tally = Tally()
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations {
          let model = Counter<S>()
          S.withTracking({ blackHole(model.count) }, onChange: { tally.bump() })
        }
      },
      notifications: { tally.count }, expected: 0)
  }

  private static func modelsDieApple() -> PreparedCase {
    let tally = Tally()
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations {
          let model = AppleCounter()
          withObservationTracking({ blackHole(model.count) }, onChange: { tally.bump() })
        }
      },
      notifications: { tally.count }, expectedNotificationsPerOperation: 0)
  }

  /// The memory an abandoned scope keeps after its model died, next to apple's.
  ///
  /// Allocation counters give bytes allocated per operation, not bytes kept, so
  /// the check measures what stays: jemalloc's process-wide `stats.allocated`
  /// (thread cache flushed, epoch advanced) before and after `abandonedScopes`
  /// operations of `models-die`, divided by their number.
  static let modelsDieRetainNothing = SuiteCheck(
    name: "models-die-retain-nothing",
    summary:
      "A scope abandoned on a model that died keeps no more memory with lock-thread-keypath than with apple (±16 bytes)"
  ) { context in
    let core = "lock-thread-keypath"
    guard context.result(scenario: modelsDie.name, strategy: core) != nil,
      context.result(scenario: modelsDie.name, strategy: StrategyIDs.apple) != nil
    else { return nil }
    guard let statistics = JemallocTotals() else {
      throw CheckSkipped("jemalloc statistics are unavailable in this process")
    }
    let coreBytes = try statistics.retainedBytesPerOperation(
      of: modelsDie, strategy: core, operations: Self.abandonedScopes)
    let appleBytes = try statistics.retainedBytesPerOperation(
      of: modelsDie, strategy: StrategyIDs.apple, operations: Self.abandonedScopes)
    return CheckOutcome(
      passed: coreBytes <= appleBytes + 16, measured: coreBytes, expected: appleBytes,
      detail:
        "bytes kept per abandoned scope after \(Self.abandonedScopes) scopes on models that died: \(core) "
        + "\(oneDecimal(coreBytes)), apple \(oneDecimal(appleBytes)) (jemalloc stats.allocated)"
    )
  }

  /// Scopes abandoned per measurement: enough that a few kilobytes of noise are
  /// well under a byte per scope.
  static let abandonedScopes = 200_000

  static func oneDecimal(_ value: Double) -> String {
    "\((value * 10).rounded() / 10)"
  }

  /// ``modelsDie`` as a ``CoreWorkload``, specialised per strategy.
  private struct ModelsDie: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Scopes.modelsDie(S.self)
    }
  }
}
