import BenchmarkKit
import ObservationCore

extension Collections {
  /// One row's own update, sent from its row store.
  static var updateRow: BenchmarkScenario {
    BenchmarkScenario(
      name: "update-row",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "from a row's store adding one to that row's value (apple: row.value += 1 on its object)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try updateRow(id, rows: size, form: .persistent)
    }
  }

  /// ``updateRow`` like for like: every observer of the core re-arms a one-shot
  /// scope in its `onChange`, as apple's do (apple's row is update-row's).
  ///
  /// Every observer the send reaches re-arms and so reads its row (or the ids)
  /// again through its store, right after the send: 1 with `+identity` (and
  /// apple), n + 1 where the change reaches everyone through `rows`.
  static var updateRowRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "update-row-rearm",
      summary:
        "Like-for-like update-row: one send from a row's store adding one to its value; every observer reached fires "
          + "and re-arms a one-shot scope (apple: withObservationTracking)",
      sizes: rowCounts,
      quickSizes: quickRowCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      try updateRow(id, rows: size, form: .rearmed)
    }
  }

  private static func updateRow(
    _ id: String, rows: Int, form: DocumentedNotifications.Form
  ) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try UpdateRow(rows: rows, form: form).prepare(id: id)
    // Apple's observers always re-arm: its side is the same in both forms.
    case .apple: return updateRowApple(rows: rows)
    case .none:
      switch form {
      case .persistent: return updateRowPlain(rows: rows)
      case .rearmed: return updateRowThenReadPlain(rows: rows)
      }
    }
  }

  private static func updateRow<S: ObservationStrategy>(
    _: S.Type, rows: Int, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    switch form {
    case .persistent: updateRow(S.inIsolation { CoreListFixture<S>(rows: rows) }, rows: rows, form: form)
    case .rearmed: updateRow(S.inIsolation { CoreRearmedListFixture<S>(rows: rows) }, rows: rows, form: form)
    }
  }

  private static func updateRow<List: CoreObservedList>(
    _ fixture: List, rows: Int, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    let row = List.Strategy.inIsolation { fixture.rowStore(rows / 2) }
    return .core(
      List.Strategy.self,
      run: { iterations in
        for _ in 0..<iterations { row.send(.increment) }
      },
      notifications: { fixture.tally.count },
      expected: DocumentedNotifications.ObservedList(List.Strategy.self, form, rows: rows).rowUpdate,
      tearDown: fixture.tearDown)
  }

  private static func updateRowApple(rows: Int) -> PreparedCase {
    let fixture = AppleListFixture(rows: rows)
    let row = fixture.list.index[rows / 2]!
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations { row.value += 1 }
      },
      notifications: { fixture.tally.count },
      expectedNotificationsPerOperation: DocumentedNotifications.ObservedList.apple(rows: rows).rowUpdate)
  }

  private static func updateRowPlain(rows: Int) -> PreparedCase {
    let fixture = PlainListFixture(rows: rows)
    let send = fixture.rowDispatch(rows / 2)
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { send(.increment) }
    })
  }

  /// The floor of the re-armed form: the send, then the one read apple's
  /// re-armed row observer makes. Its own loop: a floor generic over the read
  /// (``PlainListFloor``) costs the persistent one 4 instructions a send.
  private static func updateRowThenReadPlain(rows: Int) -> PreparedCase {
    let fixture = PlainListFixture(rows: rows)
    let id = rows / 2
    let send = fixture.rowDispatch(id)
    let store = fixture.store
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations {
        send(.increment)
        blackHole(store.state.storage[id]!.value)
      }
    })
  }

  /// ``updateRow`` as a ``CoreWorkload``, specialised per strategy.
  private struct UpdateRow: CoreWorkload {
    let rows: Int
    let form: DocumentedNotifications.Form
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.updateRow(S.self, rows: rows, form: form)
    }
  }
}
