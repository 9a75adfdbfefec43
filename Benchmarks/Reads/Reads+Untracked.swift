import BenchmarkKit
import Observation
import ObservationCore

extension Reads {
  /// One read with no scope open: what every read outside a render costs.
  ///
  /// A few nanoseconds: eight reads per loop iteration (`repeatUnrolled`), each
  /// through the black hole, which clobbers memory so the next is a real load.
  static var untracked: BenchmarkScenario {
    BenchmarkScenario(
      name: "untracked",
      summary:
        "One read of an observed property with no tracking scope open, outside any render (8 per loop iteration)",
      strategies: StrategyIDs.matrixWithChecked + [StrategyIDs.apple, StrategyIDs.none]
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try UntrackedRead().prepare(id: id)
      case .apple: return untrackedApple()
      case .none: return untrackedPlain()
      }
    }
  }

  private static func untracked<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      })
  }

  private static func untrackedApple() -> PreparedCase {
    let model = AppleCounter()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      })
  }

  private static func untrackedPlain() -> PreparedCase {
    let model = PlainCounter()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      })
  }

  /// ``untracked`` while another thread holds a tracking scope open, as an app
  /// always has one open somewhere: a task-local scope can then no longer skip
  /// its task-local lookup on the process-wide count of open scopes.
  static var untrackedScopeElsewhere: BenchmarkScenario {
    BenchmarkScenario(
      name: "untracked-scope-elsewhere",
      summary:
        "One read of an observed property with no scope open on this thread while another thread holds one open (8 per "
          + "loop iteration)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try UntrackedScopeElsewhereRead().prepare(id: id)
      case .apple:
        let held = ScopeHeldElsewhere { inside in
          withObservationTracking({ inside() }, onChange: {})
        }
        var prepared = untrackedApple()
        prepared.tearDown = { held.close() }
        return prepared
      case .none: return untrackedPlain()
      }
    }
  }

  private static func untrackedScopeElsewhere<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    // The scope reads nothing, so it touches no registrar off the actor.
    let held = ScopeHeldElsewhere { inside in
      S.withTracking({ inside() }, onChange: {})
    }
    var prepared = untracked(S.self)
    prepared.tearDown = { held.close() }
    return prepared
  }

  /// ``untrackedScopeElsewhere`` as a ``CoreWorkload``, specialised per strategy.
  private struct UntrackedScopeElsewhereRead: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.untrackedScopeElsewhere(S.self)
    }
  }

  /// ``untracked`` as a ``CoreWorkload``, specialised per strategy.
  private struct UntrackedRead: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.untracked(S.self)
    }
  }
}
