import BenchmarkKit
import CoreModels
import ObservationCore

extension Footprint {
  /// A list of n rows, each observed through its row store (apple: its row
  /// object), and its structure observed: what a list screen holds.
  static var rows: BenchmarkScenario {
    BenchmarkScenario(
      name: "rows",
      summary:
        "Holds a list store of n rows, each observed through a row store of its own by one persistent observer, "
        + "and one observer of its ids (apple: n @Observable rows in an @Observable list, each observed with "
        + "withObservationTracking re-armed; none: the plain list, unobserved); one op appends a row, observes it "
        + "as the others are and removes it, the last row by its position (no search); held: bytes per observed row",
      sizes: sizes,
      quickSizes: quickSizes,
      strategies: StrategyIDs.matrix + StrategyIDs.refinements + [StrategyIDs.apple, StrategyIDs.none]
    ) { id, size in
      switch try Subject(id) {
      case .core: return try Rows(count: size).prepare(id: id)
      case .apple: return prepared(items: size) { AppleRows(count: size) }
      case .none: return prepared(items: size) { PlainRows(count: size) }
      }
    }
  }

  /// ``rows`` as a ``CoreWorkload``, specialised per strategy.
  private struct Rows: CoreWorkload {
    let count: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      let count = count
      return Footprint.prepared(S.self, items: count) { CoreRows<S>(count: count) }
    }
  }

  /// ``CoreListFixture``: its row stores, their observers and the structure's.
  private final class CoreRows<S: ObservationStrategy>: FootprintFixture {
    private var fixture: CoreListFixture<S>?
    private let count: Int

    init(count: Int) {
      self.count = count
      fixture = CoreListFixture<S>(rows: count)
    }

    func makeAndDropOne() {
      guard let fixture else { return }
      fixture.store.send(.insert(RowState<S>(id: count), at: count))
      let row = fixture.rowStore(count)
      let tally = fixture.tally
      S.observe({ _ = row.read { $0.value } }, onChange: { tally.bump() }).cancel()
      fixture.store.send(.removeLast)
    }

    func free() {
      fixture?.cancel()
      fixture = nil
    }
  }

  /// ``AppleListFixture``: its row objects and their observations.
  private final class AppleRows: FootprintFixture {
    private var fixture: AppleListFixture?
    private let count: Int

    init(count: Int) {
      self.count = count
      fixture = AppleListFixture(rows: count)
    }

    func makeAndDropOne() {
      guard let fixture else { return }
      // The list's index keeps the row until the next one replaces it.
      fixture.list.insert(AppleRow(id: count), at: count)
      fixture.observeRow(count)
      fixture.list.removeLast()
    }

    func free() { fixture = nil }
  }

  /// ``PlainListFixture``: the rows alone.
  private final class PlainRows: FootprintFixture {
    private var fixture: PlainListFixture?
    private let count: Int

    init(count: Int) {
      self.count = count
      fixture = PlainListFixture(rows: count)
    }

    func makeAndDropOne() {
      guard let fixture else { return }
      fixture.store.send(.insert(PlainRow(id: count), at: count))
      fixture.store.send(.removeLast)
    }

    func free() { fixture = nil }
  }
}
