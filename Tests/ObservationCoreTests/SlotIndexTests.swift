@testable import ObservationCore
import Testing

/// `SlotIndex`, the hash table of an `IdentifiedArray`'s slots: it must answer
/// as a dictionary does through any sequence of inserts, replacements and
/// removals, also when ids collide (removal shifts entries back along their
/// probe runs), and keep value semantics.
@Suite("Slot index")
struct SlotIndexTests {
  /// An id whose hash is what it is told: collisions on purpose.
  struct Colliding: Hashable {
    let value: Int
    let bucket: Int
    func hash(into hasher: inout Hasher) { hasher.combine(bucket) }
    static func == (a: Colliding, b: Colliding) -> Bool { a.value == b.value }
  }

  @Test(arguments: [0, 1, 2, 3])
  func randomOperations_answerAsADictionaryDoes(seed: UInt64) {
    randomOperations(seed: seed, ids: -300...300) { $0 }
  }

  @Test(arguments: [0, 1, 2, 3])
  func randomOperations_onCollidingIds_answerAsADictionaryDoes(seed: UInt64) {
    // Three hashes for 40 ids: long probe runs, which removals shift back
    // across, wrapping around the end of the table wherever a run's home
    // bucket lands near it.
    randomOperations(seed: seed, ids: 0...39) { Colliding(value: $0, bucket: $0 % 3) }
  }

  private func randomOperations<ID: Hashable>(seed: UInt64, ids: ClosedRange<Int>, _ id: (Int) -> ID) {
    var generator = SeededGenerator(seed: seed)
    var index = SlotIndex<ID>()
    var expected: [ID: Int] = [:]
    for step in 0..<4_000 {
      let id = id(Int.random(in: ids, using: &generator))
      switch Int.random(in: 0..<3, using: &generator) {
      case 0:
        let added = index.insert(id, slot: step, hash: SlotIndex<ID>.hash(id))
        #expect(added == (expected[id] == nil))
        if added { expected[id] = step }
      case 1:
        index.set(id, slot: step)
        expected[id] = step
      default:
        index.remove(id)
        expected[id] = nil
      }
      #expect(index.count == expected.count)
      #expect(index[id] == expected[id])
    }
    for raw in ids { #expect(index[id(raw)] == expected[id(raw)]) }
    #expect(Dictionary(uniqueKeysWithValues: index.entries.map { ($0.id, $0.slot) }) == expected)
  }

  @Test func idOfSlot_findsTheIdHoldingIt() {
    var index = SlotIndex<Int>()
    for id in 0..<50 { index.set(id * 7, slot: id) }
    #expect(index.id(ofSlot: 13) == 91)
    #expect(index.id(ofSlot: 50) == nil)
  }

  @Test func aCopy_keepsItsEntries_whenTheOriginalChanges() {
    var index = SlotIndex<Int>(capacity: 100)
    for id in 0..<100 { index.set(id, slot: id) }
    let copy = index
    for id in 0..<100 { index.remove(id) }
    index.set(1, slot: 500)
    #expect(copy.count == 100)
    #expect(copy[1] == 1)
    #expect(index[1] == 500)
    #expect(index.count == 1)
  }
}

/// A deterministic generator (SplitMix64), so a failing seed repeats.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
