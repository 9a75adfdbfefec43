import ObservationCore

/// A row of the plain collection: no observation.
struct PlainRow {
  let id: Int
  var value = 0
}

/// ``ListState`` with no observation: ordered ids and rows by id, the shape of
/// `IdentifiedArray`.
struct PlainListState {
  var ids: [Int] = []
  var storage: [Int: PlainRow] = [:]

  init(rows: [PlainRow]) {
    for row in rows where storage[row.id] == nil {
      ids.append(row.id)
      storage[row.id] = row
    }
  }
}

/// ``listReducer(_:_:)`` on the plain state, doing the same work on the same
/// shape: O(1) row updates, O(n) order changes, a by-id rebuild for replace-all.
func plainListReducer(_ state: inout PlainListState, _ action: ListAction<PlainRow>) -> Effect<ListAction<PlainRow>> {
  switch action {
  case .row(let id, .increment):
    state.storage[id]?.value += 1
  case .insertFront(let row):
    state.ids.insert(row.id, at: 0)
    state.storage[row.id] = row
  case .insert(let row, let index):
    state.ids.insert(row.id, at: index)
    state.storage[row.id] = row
  case .remove(let id):
    if state.storage.removeValue(forKey: id) != nil {
      state.ids.remove(at: state.ids.firstIndex(of: id)!)
    }
  case .move(let id, let index):
    if let from = state.ids.firstIndex(of: id) {
      state.ids.remove(at: from)
      state.ids.insert(id, at: min(index, state.ids.count))
    }
  case .replaceAll(let ids, let spare):
    let current = state.storage
    state = PlainListState(rows: ids.map { current[$0] ?? spare })
  }
  return .none
}
