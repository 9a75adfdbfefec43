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
      switch try Subject(id) {
      case .core: return try UpdateRow(rows: size).prepare(id: id)
      case .apple: return updateRowApple(rows: size)
      case .none: return updateRowPlain(rows: size)
      }
    }
  }

  private static func updateRow<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let fixture = S.inIsolation { CoreListFixture<S>(rows: rows) }
    let row = S.inIsolation { fixture.rowStore(rows / 2) }
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations { row.send(.increment) }
      },
      notifications: { fixture.tally.count },
      expected: DocumentedNotifications.ObservedList(S.self, .persistent, rows: rows).rowUpdate,
      tearDown: { fixture.cancel() })
  }

  static func updateRowApple(rows: Int) -> PreparedCase {
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

  /// ``updateRow`` as a ``CoreWorkload``, specialised per strategy.
  private struct UpdateRow: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.updateRow(S.self, rows: rows)
    }
  }
}
