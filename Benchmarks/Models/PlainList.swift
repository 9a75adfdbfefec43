import CoreModels
import ObservationCore

/// A row of the plain collection: no observation.
struct PlainRow {
  let id: Int
  var value = 0
}

/// ``ListState`` with no observation: ordered ids and rows by id, the shape of
/// `IdentifiedArray`. `storage` holds every listed row, and may keep rows a
/// replace-all dropped (as apple's row index does).
struct PlainListState {
  var ids: [Int] = []
  var storage: [Int: PlainRow] = [:]

  init(rows: [PlainRow]) {
    // Sized once, as a skilled user sizes a list of known length (room for the
    // one row the insert scenario adds). Grown by doubling instead, the order's
    // buffer landed where glibc's `rep movsb` (Array.remove's shift by one
    // element) ran 1.3× slower than the core's and apple's, with the same
    // instruction counts: the floor measured its buffer's placement.
    ids.reserveCapacity(rows.count + 1)
    storage.reserveCapacity(rows.count + 1)
    for row in rows where storage[row.id] == nil {
      ids.append(row.id)
      storage[row.id] = row
    }
  }
}

/// ``listReducer(_:_:)`` on the plain state, the least work that shape needs:
/// O(1) row updates, O(n) order changes, one lookup per id for replace-all.
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
  case .removeLast:
    // Unlisted, and kept by id, as `remove` leaves it.
    _ = state.ids.popLast()
  case .remove(let id):
    // Unlisted, and kept by id — as apple's row index keeps its row objects: the
    // floor does not pay a hash-table deletion nobody else pays.
    if let index = state.ids.firstIndex(of: id) {
      state.ids.remove(at: index)
    }
  case .move(let id, let index):
    if let from = state.ids.firstIndex(of: id) {
      state.ids.remove(at: from)
      state.ids.insert(id, at: min(index, state.ids.count))
    }
  case .replaceAll(let ids, let spare):
    // The rows listed keep their state, a missing one is `spare`. Rows no longer
    // listed stay stored by id, as apple's index keeps its row objects: the floor
    // looks each id up once and rebuilds nothing.
    for id in ids where state.storage[id] == nil { state.storage[id] = spare }
    state.ids = ids
  case .incrementEvery(let step):
    for index in Swift.stride(from: 0, to: state.ids.count, by: step) {
      state.storage[state.ids[index]]?.value += 1
    }
  case .setRows(let rows):
    // Rebuilt as the state of a new list: the floor keeps no row it drops.
    state.ids.removeAll(keepingCapacity: true)
    state.storage.removeAll(keepingCapacity: true)
    for row in rows where state.storage[row.id] == nil {
      state.ids.append(row.id)
      state.storage[row.id] = row
    }
  case .appendRows(let rows):
    for row in rows where state.storage[row.id] == nil {
      state.ids.append(row.id)
      state.storage[row.id] = row
    }
  // The order is the ids': sorted, filtered or moved as ids, the rows left
  // stored by id (as apple's index keeps its row objects).
  case .sortByID(let descending):
    // Closures, as apple's comparators are: `sort(by: >)` passes the operator
    // as a function value, a call per comparison.
    if descending { state.ids.sort { $0 > $1 } } else { state.ids.sort { $0 < $1 } }
  case .removeWhere(let modulus, let remainder):
    state.ids.removeAll { $0 % modulus == remainder }
  case .restore(let ids, let returning):
    for id in ids where state.storage[id] == nil { state.storage[id] = returning[id] }
    state.ids = ids
  case .moveOffsets(let offsets, let destination):
    state.ids.move(fromOffsets: offsets, toOffset: destination)
  }
  return .none
}
