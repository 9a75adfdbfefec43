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

  /// ``untracked``, made in a task, while another task holds an async tracking
  /// scope open, as an app always has one open somewhere: a task-local scope
  /// can then no longer skip its task-local lookup on the process-wide count of
  /// open async scopes, and in a task it has one to look in.
  ///
  /// Every row reads in a detached task (`PreparedCase.inTask`; actor
  /// strategies in `ObservationActor`'s, which is one), so the only difference
  /// is what the read does. `task` strategies hold an async scope (bound with
  /// `@TaskLocal`) in a suspended task; `thread` ones and apple, which have no
  /// async scope, a synchronous scope on another thread (their reads never
  /// look a task-local up).
  static var untrackedScopeElsewhere: BenchmarkScenario {
    BenchmarkScenario(
      name: "untracked-scope-elsewhere",
      summary:
        "One read, in a task, of an observed property with no scope open in that task while another holds one open "
          + "(task scopes: an async one; 8 per loop iteration)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try UntrackedScopeElsewhereRead().prepare(id: id)
      case .apple:
        let held = ScopeHeldElsewhere { inside in
          withObservationTracking({ inside() }, onChange: {})
        }
        var prepared = untrackedApple()
        prepared.isolation = PreparedCase.inTask
        prepared.tearDown = { held.close() }
        return prepared
      case .none:
        var prepared = untrackedPlain()
        prepared.isolation = PreparedCase.inTask
        return prepared
      }
    }
  }

  private static func untrackedScopeElsewhere<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    // The scope reads nothing, so it touches no registrar off the actor.
    let held =
      S.Scope.self == TaskLocalScope.self
      ? ScopeHeldElsewhere(openAsync: { inside in
        _ = await TaskLocalScope.withTracking({ await inside() }, persistent: false, onChange: {})
      })
      : ScopeHeldElsewhere { inside in
        S.withTracking({ inside() }, onChange: {})
      }
    var prepared = untracked(S.self)
    // An actor strategy's timing already runs in a task, on the actor.
    if !S.usesActor { prepared.isolation = PreparedCase.inTask }
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
