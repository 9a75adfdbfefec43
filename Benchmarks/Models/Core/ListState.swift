import ObservationCore

/// One row of the collection workloads.
public struct RowState<S: ObservationStrategy>: ObservableState, Identifiable {
  public let _$registrar = S.Registrar()
  public let id: Int
  public var _value: Int = 0

  public init(id: Int, value: Int = 0) {
    self.id = id
    _value = value
  }
}

/// A store state holding an identified collection of rows.
public struct ListState<S: ObservationStrategy>: ObservableState {
  public let _$registrar = S.Registrar()
  public var _rows: IdentifiedArray<RowState<S>>

  public init(rows: [RowState<S>]) {
    _rows = IdentifiedArray(rows)
  }
}

/// What a row store does.
public enum RowAction {
  case increment
}

/// What the collection stores do; `Row` is the row state (observed or plain).
public enum ListAction<Row> {
  /// A row's own action, from its row store.
  case row(Int, RowAction)
  /// Inserts `row` at the front.
  case insertFront(Row)
  /// Inserts `row` at `index`.
  case insert(Row, at: Int)
  /// Removes the row with this id.
  case remove(Int)
  /// Removes the last row, by its position.
  case removeLast
  /// Moves the row with this id to an index.
  case move(Int, to: Int)
  /// Replaces the rows with these ids, in this order: the rows present keep their
  /// state, the one missing is `spare`.
  case replaceAll(ids: [Int], spare: Row)
  /// Adds one to the value of every `stride`-th row, from the first: one state
  /// update changing many rows (js-framework-benchmark's partial update).
  case incrementEvery(stride: Int)
  /// Replaces the rows with `rows`, in order (none to clear): rows that keep
  /// their id and identity stay, the others come and go as a whole.
  case setRows([Row])
  /// Appends `rows`, in order.
  case appendRows([Row])
  /// Sorts the rows by id, descending or ascending.
  case sortByID(descending: Bool)
  /// Removes every row whose id is `remainder` modulo `modulus`.
  case removeWhere(modulus: Int, remainder: Int)
  /// Lists `ids` in order: the rows present keep their state, a missing one is
  /// its row in `returning`.
  case restore(ids: [Int], returning: [Int: Row])
  /// Moves the rows at these positions to a position of the order before the
  /// move, as SwiftUI's `onMove` asks.
  case moveOffsets([Int], to: Int)
}

/// The collection stores' reducer.
public func listReducer<S: ObservationStrategy>(
  _ state: inout ListState<S>, _ action: ListAction<RowState<S>>
) -> Effect<ListAction<RowState<S>>> {
  switch action {
  case .row(let id, .increment):
    state.rows[id: id]?.value += 1
  case .insertFront(let row):
    state.rows.insert(row, at: 0)
  case .insert(let row, let index):
    state.rows.insert(row, at: index)
  case .removeLast:
    if !state.rows.isEmpty { state.rows.remove(at: state.rows.count - 1) }
  case .remove(let id):
    state.rows.remove(id: id)
  case .move(let id, let index):
    state.rows.move(id: id, to: index)
  case .replaceAll(let ids, let spare):
    state.rows.replaceAll(ids: ids) { _ in spare }
  case .incrementEvery(let step):
    let ids = state.rows.ids
    for index in Swift.stride(from: 0, to: ids.count, by: step) {
      state.rows[id: ids[index]]?.value += 1
    }
  case .setRows(let rows):
    state.rows.replaceAll(with: rows)
  case .appendRows(let rows):
    for row in rows { state.rows.append(row) }
  case .sortByID(let descending):
    if descending { state.rows.sort { $0.id > $1.id } } else { state.rows.sort { $0.id < $1.id } }
  case .removeWhere(let modulus, let remainder):
    state.rows.removeAll { $0.id % modulus == remainder }
  case .restore(let ids, let returning):
    state.rows.replaceAll(ids: ids) { returning[$0]! }
  case .moveOffsets(let offsets, let destination):
    state.rows.move(fromOffsets: offsets, toOffset: destination)
  }
  return .none
}
