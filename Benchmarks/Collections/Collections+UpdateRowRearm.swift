import BenchmarkKit
import ObservationCore

extension Collections {
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
      switch try Subject(id) {
      case .core: return try RearmedUpdateRow(rows: size).prepare(id: id)
      case .apple: return updateRowApple(rows: size)
      case .none: return updateRowThenReadPlain(rows: size)
      }
    }
  }

  private static func updateRowRearmed<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let fixture = S.inIsolation { CoreRearmedListFixture<S>(rows: rows) }
    let row = fixture.rows[rows / 2]
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations { row.send(.increment) }
      },
      notifications: { fixture.tally.count },
      expected: DocumentedNotifications.ObservedList(S.self, .rearmed, rows: rows).rowUpdate)
  }

  /// The floor: the send, then the one read apple's re-armed row observer makes.
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

  /// ``updateRowRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedUpdateRow: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.updateRowRearmed(S.self, rows: rows)
    }
  }
}
