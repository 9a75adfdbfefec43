import BenchmarkKit
import ObservationCore

extension Mutations {
  /// An app's update cycle: n rows, each shown by a render scope reading its
  /// row; one operation sends one change to one row (the next one, cycling),
  /// then re-renders every row whose scope fired (re-opens it and reads again).
  ///
  /// The re-renders are the notifications: 1 per operation where only the
  /// changed row's reader fires (apple, `+identity`), n where a change of one
  /// row reaches every reader through the root's `rows` (plain `keypath`,
  /// `whole`) — the over-notification shown as the work it causes. `none` sends
  /// the change to a plain store and reads the changed row back: one render.
  static var renderMutate: BenchmarkScenario {
    BenchmarkScenario(
      name: "render-mutate",
      summary:
        "One send changing one of n rows, then re-rendering every row scope that fired: re-open it, read its row "
          + "(apple: re-armed withObservationTracking)",
      sizes: [1, 10, 100, 1_000],
      quickSizes: [1, 100],
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RenderMutate(rows: size).prepare(id: id)
      case .apple: return renderMutateApple(rows: size)
      case .none: return renderMutatePlain(rows: size)
      }
    }
  }

  /// Rows re-rendered after one send changing one row of `rows` under `S`.
  static func rerendered<S: ObservationStrategy>(_: S.Type, rows: Int) -> Double {
    // Every reader read the root's `rows` on its way to its row; it changed as a
    // value unless identity skipping sees that the rows kept theirs.
    S.isIdentity ? 1 : Double(rows)
  }

  private static func renderMutate<S: ObservationStrategy>(_: S.Type, rows: Int) -> PreparedCase {
    let list = S.inIsolation { CoreRenderList<S>(rows: rows) }
    let cursor = Cursor()
    return .core(
      S.self,
      run: { iterations in for row in cursor.cycle(iterations, through: rows) { list.update(row) } },
      notifications: { list.queue.notified },
      expected: rerendered(S.self, rows: rows),
      tearDown: { list.cancel() })
  }

  private static func renderMutateApple(rows: Int) -> PreparedCase {
    let list = AppleRenderList(rows: rows)
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in for row in cursor.cycle(iterations, through: rows) { list.update(row) } },
      notifications: { list.queue.notified },
      expectedNotificationsPerOperation: 1)
  }

  private static func renderMutatePlain(rows: Int) -> PreparedCase {
    let fixture = PlainListFixture(rows: rows)
    let sends = ContiguousArray((0..<rows).map { fixture.rowDispatch($0) })
    let store = fixture.store
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      for row in cursor.cycle(iterations, through: rows) {
        sends[row](.increment)
        blackHole(store.state.storage[row]!.value)
      }
    })
  }

  /// ``renderMutate`` as a ``CoreWorkload``, specialised per strategy.
  private struct RenderMutate: CoreWorkload {
    let rows: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.renderMutate(S.self, rows: rows)
    }
  }
}
