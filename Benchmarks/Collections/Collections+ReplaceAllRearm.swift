import BenchmarkKit
import ObservationCore

extension Collections {
  /// ``replaceAll`` like for like: every observer re-arms a one-shot scope in
  /// its `onChange` on both sides (apple's row is replace-all's). The dropped
  /// row's observer ends with its row store and the structure's re-render
  /// observes the row brought back anew, as a `ForEach` would
  /// (``CoreRearmedListFixture``).
  static var replaceAllRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "replace-all-rearm",
      summary:
        "Like-for-like replace-all: one send replacing the rows with the same rows but one (one dropped, one back); "
          + "every observer reached fires and re-arms a one-shot scope, the returning row's anew (apple: "
          + "withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RearmedReplaceAll(rows: size).prepare(id: id)
      case .apple: return replaceAllApple(rows: size)
      case .none: return replaceAllThenReadPlain(rows: size)
      }
    }
  }

  private static func replaceAllRearmed<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let (first, second) = idLists(rows: rows)
    let (fixture, firstRow, lastRow) = S.inIsolation {
      let fixture = CoreRearmedListFixture<S>(rows: rows + 1, rowsComeAndGo: true)
      let states = (fixture.rowState(0), fixture.rowState(rows))
      fixture.store.send(.remove(rows))
      return (fixture, states.0, states.1)
    }
    let store = fixture.store
    let phase = Cursor()
    return .core(
      S.self,
      run: { iterations in
        alternate(
          iterations, phase,
          even: { store.send(.replaceAll(ids: second, spare: lastRow)) },
          odd: { store.send(.replaceAll(ids: first, spare: firstRow)) })
      },
      notifications: { fixture.tally.count },
      // n rows observed at a time (n + 1 in the idiomatic form).
      expected: DocumentedNotifications.ObservedList(S.self, .rearmed, rows: rows).replaceAll)
  }

  /// The floor: the send, then the one read apple's re-armed structure
  /// observer makes (the order of the rows).
  private static func replaceAllThenReadPlain(rows: Int) -> PreparedCase {
    let (first, second) = idLists(rows: rows)
    let store = PlainListFixture(rows: rows + 1).store
    let firstRow = store.state.storage[0]!
    let lastRow = store.state.storage[rows]!
    store.send(.remove(rows))
    let phase = Cursor()
    return PreparedCase(run: { iterations in
      alternate(
        iterations, phase,
        even: {
          store.send(.replaceAll(ids: second, spare: lastRow))
          blackHole(store.state.ids)
        },
        odd: {
          store.send(.replaceAll(ids: first, spare: firstRow))
          blackHole(store.state.ids)
        })
    })
  }

  /// ``replaceAllRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedReplaceAll: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.replaceAllRearmed(S.self, rows: rows)
    }
  }
}
