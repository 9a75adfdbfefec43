import Observation

/// One row of the Apple collection: its own `@Observable` object, observed by
/// its own row view.
@Observable
final class AppleRow: @unchecked Sendable {
  let id: Int
  var value = 0

  init(id: Int, value: Int = 0) {
    self.id = id
    self.value = value
  }
}

/// The collection on Swift's `Observation` module, the natural Apple design: an
/// observed array of row objects, plus an unobserved index by id.
///
/// The structure (which rows, in which order) is the observed `rows`; each row's
/// own value is observed on the row. Every structural change is one mutation of
/// `rows` (`_modify`, in place), so its observer fires once.
@Observable
final class AppleList: @unchecked Sendable {
  var rows: [AppleRow]
  /// Every row ever in the list, by id; not observed, like an id lookup table.
  @ObservationIgnored var index: [Int: AppleRow] = [:]

  init(rows: [AppleRow]) {
    self.rows = rows
    for row in rows { index[row.id] = row }
  }

  /// Inserts `row` at `position`.
  func insert(_ row: AppleRow, at position: Int) {
    index[row.id] = row
    rows.insert(row, at: position)
  }

  /// Removes the last row, by its position; the index keeps it, as `remove(id:)` does.
  func removeLast() {
    _ = rows.popLast()
  }

  /// Removes the row with `id`.
  func remove(id: Int) {
    guard let row = index[id], let position = rows.firstIndex(where: { $0 === row }) else { return }
    rows.remove(at: position)
  }

  /// Moves the row with `id` to `position`, in one mutation of `rows`.
  func move(id: Int, to position: Int) {
    guard let row = index[id] else { return }
    Self.move(row, to: position, in: &rows)
  }

  /// Replaces the rows with those of `ids`, in order.
  func replaceAll(ids: [Int]) {
    rows = ids.map { index[$0]! }
  }

  /// Sorts the rows by id, in one mutation of `rows`.
  func sortByID(descending: Bool) {
    if descending { rows.sort { $0.id > $1.id } } else { rows.sort { $0.id < $1.id } }
  }

  /// Removes every row whose id is `remainder` modulo `modulus`, in one
  /// mutation of `rows`.
  func removeWhere(modulus: Int, remainder: Int) {
    rows.removeAll { $0.id % modulus == remainder }
  }

  /// Moves the rows at `offsets` to `destination`, as SwiftUI's `onMove`
  /// asks, in one mutation of `rows`.
  func move(fromOffsets offsets: [Int], toOffset destination: Int) {
    rows.move(fromOffsets: offsets, toOffset: destination)
  }

  // One `inout` access is one `_modify` of `rows`: one willSet, one didSet.
  private static func move(_ row: AppleRow, to position: Int, in rows: inout [AppleRow]) {
    guard let from = rows.firstIndex(where: { $0 === row }) else { return }
    rows.remove(at: from)
    rows.insert(row, at: min(position, rows.count))
  }
}
