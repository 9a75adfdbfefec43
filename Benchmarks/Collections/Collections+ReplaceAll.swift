import BenchmarkKit
import ObservationCore

extension Collections {
  /// Replacing the whole collection with a new array of mostly the same rows.
  ///
  /// n + 1 rows are observed; the collection holds n at a time and flips between
  /// rows 0..<n and rows 1...n: each op drops one observed row and brings one
  /// back (the same state value, so its observer still listens). The new array
  /// is built from the ids inside the op, alike for every subject.
  static var replaceAll: BenchmarkScenario {
    BenchmarkScenario(
      name: "replace-all",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "replacing the rows with a new array of the same rows but one (one dropped, one back)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try replaceAll(id, rows: size, form: .persistent)
    }
  }

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
      try replaceAll(id, rows: size, form: .rearmed)
    }
  }

  /// The two id lists the collection flips between.
  private static func idLists(rows: Int) -> (first: [Int], second: [Int]) {
    (Array(0..<rows), Array(1...rows))
  }

  private static func replaceAll(
    _ id: String, rows: Int, form: DocumentedNotifications.Form
  ) throws -> PreparedCase {
    var prepared: PreparedCase
    switch try Subject(id) {
    case .core: prepared = try ReplaceAll(rows: rows, form: form).prepare(id: id)
    // Apple's observers always re-arm: its side is the same in both forms.
    case .apple: prepared = replaceAllApple(rows: rows)
    case .none:
      switch form {
      case .persistent: prepared = replaceAllPlain(PlainSendOnly.self, rows: rows)
      case .rearmed: prepared = replaceAllPlain(PlainSendThenRead.self, rows: rows)
      }
    }
    // The lists flip back and forth: every sample holds whole pairs.
    prepared.iterationMultiple = 2
    return prepared
  }

  private static func replaceAll<S: ObservationStrategy>(
    _: S.Type, rows: Int, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    switch form {
    case .persistent:
      replaceAll(rows: rows, form: form) { CoreListFixture<S>(rows: rows + 1) }
    case .rearmed:
      replaceAll(rows: rows, form: form) { CoreRearmedListFixture<S>(rows: rows + 1, rowsComeAndGo: true) }
    }
  }

  /// The core's side on the list `makeFixture` makes, of n + 1 rows.
  private static func replaceAll<List: CoreObservedList>(
    rows: Int, form: DocumentedNotifications.Form, _ makeFixture: @escaping () -> List
  ) -> PreparedCase {
    typealias S = List.Strategy
    let (first, second) = idLists(rows: rows)
    let (fixture, firstRow, lastRow) = S.inIsolation {
      let fixture = makeFixture()
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
      // Re-armed, n rows are observed at a time; persistent, n + 1.
      expected: DocumentedNotifications.ObservedList(S.self, form, rows: rows).replaceAll,
      tearDown: fixture.tearDown)
  }

  private static func replaceAllApple(rows: Int) -> PreparedCase {
    let (first, second) = idLists(rows: rows)
    let fixture = AppleListFixture(rows: rows + 1)
    let list = fixture.list
    list.remove(id: rows)
    let phase = Cursor()
    return PreparedCase(
      run: { iterations in
        alternate(iterations, phase, even: { list.replaceAll(ids: second) }, odd: { list.replaceAll(ids: first) })
      },
      notifications: { fixture.tally.count },
      expectedNotificationsPerOperation: DocumentedNotifications.ObservedList.apple(rows: rows).replaceAll)
  }

  private static func replaceAllPlain<Floor: PlainListFloor>(_: Floor.Type, rows: Int) -> PreparedCase {
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
          Floor.afterStructuralSend(store)
        },
        odd: {
          store.send(.replaceAll(ids: first, spare: firstRow))
          Floor.afterStructuralSend(store)
        })
    })
  }

  /// ``replaceAll`` as a ``CoreWorkload``, specialised per strategy.
  private struct ReplaceAll: CoreWorkload {
    let rows: Int
    let form: DocumentedNotifications.Form
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.replaceAll(S.self, rows: rows, form: form)
    }
  }
}
