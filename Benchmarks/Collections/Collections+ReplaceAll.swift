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
      switch try Subject(id) {
      case .core: return try ReplaceAll(rows: size).prepare(id: id)
      case .apple: return replaceAllApple(rows: size)
      case .none: return replaceAllPlain(rows: size)
      }
    }
  }

  /// The two id lists the collection flips between.
  static func idLists(rows: Int) -> (first: [Int], second: [Int]) {
    (Array(0..<rows), Array(1...rows))
  }

  private static func replaceAll<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let (first, second) = idLists(rows: rows)
    let (fixture, firstRow, lastRow) = S.inIsolation {
      let fixture = CoreListFixture<S>(rows: rows + 1)
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
      expected: DocumentedNotifications.ObservedList(S.self, .persistent, rows: rows).replaceAll,
      tearDown: { fixture.cancel() })
  }

  /// Apple's side, the same in both forms: its observers always re-arm.
  static func replaceAllApple(rows: Int) -> PreparedCase {
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

  private static func replaceAllPlain(rows: Int) -> PreparedCase {
    let (first, second) = idLists(rows: rows)
    let store = PlainListFixture(rows: rows + 1).store
    let firstRow = store.state.storage[0]!
    let lastRow = store.state.storage[rows]!
    store.send(.remove(rows))
    let phase = Cursor()
    return PreparedCase(run: { iterations in
      alternate(
        iterations, phase,
        even: { store.send(.replaceAll(ids: second, spare: lastRow)) },
        odd: { store.send(.replaceAll(ids: first, spare: firstRow)) })
    })
  }

  /// ``replaceAll`` as a ``CoreWorkload``, specialised per strategy.
  private struct ReplaceAll: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.replaceAll(S.self, rows: rows)
    }
  }
}
