extension Array {
  /// SwiftUI's `move(fromOffsets:toOffset:)`, which Linux has no SwiftUI for:
  /// the elements at `offsets`, in order, land before what was at
  /// `destination` (a position before the move). Written as a skilled user
  /// writes it: one pass into an array sized once, the others' order kept, as
  /// `IdentifiedArray.move(fromOffsets:toOffset:)` reorders its ids.
  mutating func move(fromOffsets offsets: [Int], toOffset destination: Int) {
    let moving = Set(offsets)
    var reordered: [Element] = []
    reordered.reserveCapacity(count)
    for position in 0..<destination where !moving.contains(position) { reordered.append(self[position]) }
    for position in offsets.sorted() { reordered.append(self[position]) }
    for position in destination..<count where !moving.contains(position) { reordered.append(self[position]) }
    self = reordered
  }
}
