/// The sites of untracked reads and their counts, in a table probed by a
/// multiply-shift hash of two words: a repeat read of a known site (what an
/// escaped row costs on every render) is a multiply, a shift and a compare or
/// two, not a pass of SipHash through `Hasher` and a dictionary's generic find.
///
/// Open addressing with linear probing in a power-of-two table kept at most half
/// full; it holds only what the diagnostics' capacity admits, so it stays bounded.
/// Not thread-safe: `UntrackedAccessDiagnostics` keeps it behind its lock.
struct UntrackedSiteTable {
  /// One slot: empty while `type` is 0.
  private struct Slot {
    var type: UInt = 0
    var field = 0
    var count = 0
    var name = ""
  }

  private var slots = [Slot](repeating: Slot(), count: 16)
  private var shift = 64 - 4

  /// How many sites the table holds.
  private(set) var count = 0

  /// The type's identity as a word: its metadata address, never 0.
  static func typeKey(_ type: Any.Type) -> UInt {
    UInt(bitPattern: ObjectIdentifier(type))
  }

  private func home(_ type: UInt, _ field: Int) -> Int {
    let mixed = (type ^ UInt(bitPattern: field) &* 0xFF51_AFD7_ED55_8CCD) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed >> UInt(shift))
  }

  /// Adds one read to the site's count; false when the site is not in the table.
  mutating func increment(type: UInt, field: Int) -> Bool {
    let mask = slots.count - 1
    var index = home(type, field)
    while true {
      let slotType = slots[index].type
      if slotType == 0 { return false }
      if slotType == type, slots[index].field == field {
        slots[index].count += 1
        return true
      }
      index = (index + 1) & mask
    }
  }

  /// Adds a site not in the table with one read.
  mutating func insert(type: UInt, field: Int, name: String) {
    if (count + 1) * 2 > slots.count { grow() }
    place(Slot(type: type, field: field, count: 1, name: name))
    count += 1
  }

  private mutating func place(_ slot: Slot) {
    let mask = slots.count - 1
    var index = home(slot.type, slot.field)
    while slots[index].type != 0 { index = (index + 1) & mask }
    slots[index] = slot
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    shift -= 1
    for slot in old where slot.type != 0 { place(slot) }
  }

  /// Every site with its count, in no particular order.
  var sites: [UntrackedAccess] {
    slots.filter { $0.type != 0 }.map {
      UntrackedAccess(typeName: $0.name, field: ObservedField($0.field), count: $0.count)
    }
  }

  /// Forgets every site.
  mutating func removeAll() {
    self = UntrackedSiteTable()
  }
}
