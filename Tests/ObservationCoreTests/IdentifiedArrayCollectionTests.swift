import ObservationCore
import Testing

import CoreModels

/// `IdentifiedArray` as a collection: the random-access and mutable collection
/// laws on its positions, SwiftUI's `move(fromOffsets:toOffset:)` against an
/// array oracle, and the structural operations' notes through a store: rows
/// keep their state and identity, the structure is noted only when the order
/// changed, removed rows are noted as replaced.
@Suite("IdentifiedArray as a collection")
struct IdentifiedArrayCollectionTests {
  typealias Strategy = LockThreadKeyPath
  typealias Row = RowState<Strategy>

  private func rows(_ ids: [Int]) -> IdentifiedArray<Row> {
    IdentifiedArray(ids.map { Row(id: $0, value: $0 * 10) })
  }

  @Test
  func positions_followTheOrderOfIDs_asARandomAccessCollection() {
    let array = rows([5, 3, 9, 1])
    #expect(array.startIndex == 0)
    #expect(array.endIndex == 4)
    #expect(array.count == 4)
    #expect(array.map(\.id) == [5, 3, 9, 1])
    #expect(array.map(\.id) == array.ids)
    #expect(array.indices.map { array[$0].id } == [5, 3, 9, 1])
    #expect(array.first?.id == 5)
    #expect(array.last?.id == 1)
    #expect(array.reversed().map(\.id) == [1, 9, 3, 5])
    #expect(array.index(array.startIndex, offsetBy: 3) == 3)
    #expect(array.distance(from: 3, to: 1) == -2)
    #expect(array.index(before: 2) == 1)
    #expect(array[1...2].map(\.value) == [30, 90])
    #expect(array.index(id: 9) == 2)
    #expect(array.index(id: 7) == nil)
    #expect(array.contains { $0.value == 90 })
    #expect(array.filter { $0.id > 2 }.map(\.id) == [5, 3, 9])
    #expect(Array(array.lazy.filter { $0.id < 5 }.map(\.id)) == [3, 1])
    let literal: IdentifiedArray<Row> = [Row(id: 2), Row(id: 4), Row(id: 2)]
    #expect(literal.ids == [2, 4])
    #expect(IdentifiedArray<Row>().isEmpty)
  }

  @Test
  func settingAPosition_replacesThatRow_andSwapReordersIDs() {
    var array = rows([5, 3, 9])
    let copy = array
    array[1].value = 7
    #expect(array[id: 3]?.value == 7)
    #expect(copy[id: 3]?.value == 30, "a copy keeps its rows")
    array[2] = Row(id: 9, value: 1)
    #expect(array.map(\.value) == [50, 7, 1])
    array.swapAt(0, 2)
    #expect(array.ids == [9, 3, 5])
    #expect(array[id: 5]?.value == 50)
    #expect(array.remove(at: 1).id == 3)
    #expect(array.ids == [9, 5])
    #expect(copy.ids == [5, 3, 9])
  }

  @Test
  func sortAndRemoveWhere_keepRowsAndOrder() {
    var array = rows([5, 3, 9, 1, 7])
    let identities = Dictionary(uniqueKeysWithValues: array.map { ($0.id, $0._$identity) })
    array.sort { $0.id < $1.id }
    #expect(array.ids == [1, 3, 5, 7, 9])
    #expect(array.map(\.value) == [10, 30, 50, 70, 90])
    array.removeAll { $0.id % 3 == 0 }
    #expect(array.ids == [1, 5, 7])
    #expect(array.allSatisfy { identities[$0.id] == $0._$identity })
    array.removeAll { _ in false }
    #expect(array.ids == [1, 5, 7])
  }

  @Test
  func removeAllWhere_aPredicateThatThrows_leavesTheCollectionAsItWas() {
    struct Stop: Error {}
    for shared in [false, true] {
      var array = rows(Array(0..<20))
      let copy = shared ? array : nil
      var asked = 0
      #expect(throws: Stop.self) {
        try array.removeAll { row in
          asked += 1
          if asked == 12 { throw Stop() }
          return row.id % 2 == 0
        }
      }
      #expect(array.ids == Array(0..<20))
      #expect(array.map(\.value) == (0..<20).map { $0 * 10 })
      #expect((0..<20).allSatisfy { array[id: $0]?.value == $0 * 10 })
      array.removeAll { $0.id % 2 == 0 }
      #expect(array.ids == Array(stride(from: 1, to: 20, by: 2)))
      if let copy { #expect(copy.ids == Array(0..<20)) }
    }
  }

  @Test
  func removeAllWhere_inPlace_matchesAnArrayOracle_andKeepsEveryLookup() {
    // Shuffled ids and every removal pattern of a few moduli, on a shared copy
    // and on a unique one: the order, each kept row by id and by position.
    var generator = SystemRandomNumberGenerator()
    let ids = Array(0..<60).shuffled(using: &generator)
    for modulus in [2, 3, 7, 60] {
      for remainder in [0, 1] {
        var array = rows(ids)
        // Shared with a copy for one remainder, unique for the other.
        let shared = remainder == 0 ? array : nil
        array.removeAll { $0.id % modulus == remainder }
        let expected = ids.filter { $0 % modulus != remainder }
        #expect(array.ids == expected)
        #expect(array.count == expected.count)
        #expect(expected.allSatisfy { array[id: $0]?.value == $0 * 10 })
        #expect(array.map(\.value) == expected.map { $0 * 10 })
        #expect(ids.filter { $0 % modulus == remainder }.allSatisfy { array[id: $0] == nil })
        if let shared {
          #expect(shared.ids == ids)
          #expect(ids.allSatisfy { shared[id: $0]?.value == $0 * 10 })
        }
        array.append(Row(id: 1000, value: 7))
        #expect(array[id: 1000]?.value == 7 && array.ids.last == 1000)
      }
    }
  }

  @Test
  func sort_betweenOtherOperations_matchesAnArrayOracle_whateverTheKeptOrder() {
    // A sort keeps the slots it sorted; inserts, removals (which move the
    // last slot into the hole), moves, swaps and row updates in between leave
    // that order stale, and the next sort must not trust it; a removal by
    // predicate leaves an order the next one trusts. Against a plain array; a
    // debug build also checks every order a sort trusts.
    var generator = SystemRandomNumberGenerator()
    var array = rows(Array(0..<40).shuffled(using: &generator))
    var oracle = array.map { ($0.id, $0.value) }
    var next = 1000
    for step in 0..<220 {
      // Every seventh step changes a collection shared with a copy.
      let copy = step % 7 == 0 ? (array, oracle) : nil
      switch step % 11 {
      case 0:
        array.sort { $0.value < $1.value }
        oracle.sort { $0.1 < $1.1 }
      case 1:
        array.sort { $0.id > $1.id }
        oracle.sort { $0.0 > $1.0 }
      case 2:
        // By id, or by position (the last one as often as any other).
        let position = step % 4 == 0 ? oracle.count - 1 : Int.random(in: 0..<oracle.count, using: &generator)
        let id = oracle[position].0
        if step % 3 == 0 { array.remove(id: id) } else { #expect(array.remove(at: position).id == id) }
        oracle.remove(at: position)
      case 3:
        let at = Int.random(in: 0...oracle.count, using: &generator)
        array.insert(Row(id: next, value: Int.random(in: 0..<500, using: &generator)), at: at)
        oracle.insert((next, array[id: next]!.value), at: at)
        next += 1
      case 4:
        let id = oracle[Int.random(in: 0..<oracle.count, using: &generator)].0
        let value = Int.random(in: 0..<500, using: &generator)
        array[id: id]?.value = value
        oracle[oracle.firstIndex { $0.0 == id }!].1 = value
      case 5:
        array.removeAll { $0.value % 5 == 0 }
        oracle.removeAll { $0.1 % 5 == 0 }
        array.sort { $0.value < $1.value }
        oracle.sort { $0.1 < $1.1 }
      case 6:
        let from = Int.random(in: 0..<oracle.count, using: &generator)
        let to = Int.random(in: 0..<oracle.count, using: &generator)
        array.move(id: oracle[from].0, to: to)
        oracle.insert(oracle.remove(at: from), at: to)
      case 7:
        let i = Int.random(in: 0..<oracle.count, using: &generator)
        let j = Int.random(in: 0..<oracle.count, using: &generator)
        array.swapAt(i, j)
        oracle.swapAt(i, j)
      case 8:
        let offsets = Set((0..<3).map { _ in Int.random(in: 0..<oracle.count, using: &generator) })
        let destination = Int.random(in: 0...oracle.count, using: &generator)
        array.move(fromOffsets: offsets, toOffset: destination)
        let moved = oracleMove(oracle.map(\.0), offsets, destination)
        oracle = moved.map { id in oracle.first { $0.0 == id }! }
      case 9:
        // Some rows dropped, the rest shuffled, one added; then a removal and
        // a sort, each starting from the order the one before left.
        let listed = oracle.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
        array.replaceAll(ids: listed.map(\.0) + [next]) { Row(id: $0, value: $0 % 500) }
        oracle = listed + [(next, next % 500)]
        next += 1
        array.removeAll { $0.value % 3 == 0 }
        oracle.removeAll { $0.1 % 3 == 0 }
        array.sort { $0.value < $1.value }
        oracle.sort { $0.1 < $1.1 }
      default:
        // Removed by assigning nil, then one appended by assigning a row.
        let id = oracle[Int.random(in: 0..<oracle.count, using: &generator)].0
        array[id: id] = nil
        oracle.removeAll { $0.0 == id }
        array[id: next] = Row(id: next, value: next % 500)
        oracle.append((next, next % 500))
        next += 1
      }
      #expect(array.ids == oracle.map(\.0), "step \(step)")
      #expect(array.map(\.value) == oracle.map(\.1), "step \(step)")
      #expect(oracle.allSatisfy { array[id: $0.0]?.value == $0.1 }, "step \(step)")
      if let (copy, before) = copy {
        #expect(copy.ids == before.map(\.0), "a copy keeps its order, step \(step)")
        #expect(copy.map(\.value) == before.map(\.1), "step \(step)")
      }
      if oracle.count < 10 {
        for _ in 0..<20 {
          array.append(Row(id: next, value: next % 500))
          oracle.append((next, next % 500))
          next += 1
        }
      }
    }
  }

  @Test
  func removals_findARowStoredUnderAnotherID() {
    // `rows[id: a] = rowWithIDb` stores a row under an id that is not its
    // own: a removal that moves it into a hole, and one that removes it, find
    // its slot by a search rather than by the id it holds.
    for removed in [[2], [5], [2, 5], [0, 1, 2, 3, 4]] {
      var array = IdentifiedArray((0..<6).map { Row(id: $0, value: $0) })
      array[id: 5] = Row(id: 50, value: 50)
      array[id: 3] = Row(id: 30, value: 30)
      let values = [0: 0, 1: 1, 2: 2, 3: 30, 4: 4, 5: 50]
      let gone = Set(removed.map { values[$0]! })
      array.removeAll { gone.contains($0.value) }
      let left = (0..<6).filter { !removed.contains($0) }
      #expect(array.ids == left, "\(removed)")
      for id in left { #expect(array[id: id]?.value == values[id], "\(removed): row \(id)") }
      for id in removed { #expect(array[id: id] == nil, "\(removed): row \(id) gone") }
      // Removed by id too, and the rest put back in reverse.
      if let first = left.first { array.remove(id: first) }
      array.replaceAll(ids: left.dropFirst().reversed()) { Row(id: $0, value: -1) }
      #expect(array.ids == Array(left.dropFirst().reversed()))
      for id in left.dropFirst() { #expect(array[id: id]?.value == values[id], "\(removed): row \(id) back") }
    }
  }

  @Test
  func replaceAll_afterARemoval_keepsEachRow_whateverOrderTheIDsComeIn() {
    // After a removal by predicate the storage keeps its order, and
    // `replaceAll(ids:)` walks it beside the ids given: ids put back among
    // the rows that stayed, repeats of walked and of looked-up ids, kept ids
    // dropped, and orders the walk cannot follow.
    let lists: [[Int]] = [
      Array(0..<20),  // every row back, in order
      [0, 1, 2, 3, 4, 6, 7, 8, 9, 20, 21],  // a removed row left out, new ones after
      [0, 1, 1, 2, 3, 4, 5, 5, 6, 7],  // a walked id repeated, a returning id repeated
      [3, 0, 1, 2, 3, 4, 5, 6],  // an id looked up first, then met again by the walk
      [0, 2, 4, 6, 8, 10, 12],  // kept ids dropped: the walk stalls, rows are removed
      Array((0..<20).reversed()),  // an order the walk cannot follow
      [19, 0, 1, 2, 5, 15, 16, 17, 18, 19, 20],  // out of order first, back in order after
      [],
    ]
    for ids in lists {
      for shared in [false, true] {
        var array = IdentifiedArray((0..<20).map { Row(id: $0, value: $0) })
        let identities = Dictionary(uniqueKeysWithValues: array.map { ($0.id, $0._$identity) })
        array.removeAll { $0.id % 5 == 0 }
        let copy = shared ? array : nil
        let before = array.ids
        array.replaceAll(ids: ids) { Row(id: $0, value: 100 + $0) }
        var seen = Set<Int>()
        let expected = ids.filter { seen.insert($0).inserted }
        #expect(array.ids == expected, "\(ids)")
        for id in expected {
          let kept = id < 20 && id % 5 != 0
          #expect(array[id: id]?.value == (kept ? id : 100 + id), "\(ids): row \(id)")
          if kept { #expect(array[id: id]?._$identity == identities[id], "\(ids): row \(id) kept") }
        }
        if let copy { #expect(copy.ids == before, "a copy keeps its order") }
        // What follows trusts the order the call left (checked in debug builds).
        array.removeAll { $0.value % 3 == 0 }
        array.sort { $0.value > $1.value }
        #expect(array.map(\.value) == expected.map { $0 < 20 && $0 % 5 != 0 ? $0 : 100 + $0 }
          .filter { $0 % 3 != 0 }.sorted(by: >), "\(ids)")
      }
    }
  }

  @Test
  func sort_ofAnOrderSortedOrReversed_isTheStableSort_tiesIncluded() {
    // Orders that are sorted already, strictly reversed, or reversed with
    // ties (which a reversal would put out of their stable order), each on a
    // unique collection and on one shared with a copy, flipped back and forth.
    let orders: [[Int]] = [
      [1, 2, 3, 4, 5], [5, 4, 3, 2, 1], [5, 5, 3, 3, 1], [5, 3, 3, 1], [2, 2, 2], [3, 1], [1], [],
      [4, 3, 2, 1, 9], [1, 2, 3, 0],
    ]
    for values in orders {
      for shared in [false, true] {
        // Ids in listed order, values as given: ties are rows of equal value.
        var array = IdentifiedArray(values.enumerated().map { Row(id: $0.offset, value: $0.element) })
        var oracle = values.enumerated().map { ($0.offset, $0.element) }
        let identities = Dictionary(uniqueKeysWithValues: array.map { ($0.id, $0._$identity) })
        for round in 0..<4 {
          let copy = shared ? array : nil
          let before = array.ids
          if round % 2 == 0 {
            array.sort { $0.value < $1.value }
            oracle.sort { $0.1 < $1.1 }
          } else {
            array.sort { $0.value > $1.value }
            oracle.sort { $0.1 > $1.1 }
          }
          #expect(array.ids == oracle.map(\.0), "\(values), round \(round)")
          #expect(array.map(\.value) == oracle.map(\.1), "\(values), round \(round)")
          #expect(oracle.allSatisfy { array[id: $0.0]?.value == $0.1 })
          #expect(array.allSatisfy { identities[$0.id] == $0._$identity })
          if let copy { #expect(copy.ids == before, "a copy keeps its order") }
        }
        // The kept order holds for what follows (checked in debug builds).
        array.removeAll { $0.value == 3 }
        oracle.removeAll { $0.1 == 3 }
        #expect(array.ids == oracle.map(\.0))
      }
    }
  }

  @Test
  func sort_ofACopy_leavesTheOriginalsOrderAndRows() {
    var array = rows([4, 2, 8, 6])
    array.sort { $0.id < $1.id }
    let copy = array
    array.sort { $0.id > $1.id }
    #expect(array.ids == [8, 6, 4, 2])
    #expect(copy.ids == [2, 4, 6, 8])
    #expect(copy.map(\.value) == [20, 40, 60, 80])
    var again = copy
    again.sort { $0.id > $1.id }
    #expect(again.ids == [8, 6, 4, 2])
    #expect(copy.ids == [2, 4, 6, 8])
  }
  /// SwiftUI's `move(fromOffsets:toOffset:)` on an array: the elements at the
  /// offsets, in order, land before what was at the destination.
  private func oracleMove(_ array: [Int], _ offsets: Set<Int>, _ destination: Int) -> [Int] {
    let moving = offsets.sorted().map { array[$0] }
    let before = array[..<destination].enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
    let after = array[destination...].enumerated().filter { !offsets.contains($0.offset + destination) }.map(\.element)
    return before + moving + after
  }

  @Test
  func moveFromOffsets_matchesSwiftUIs_onEveryPairOfOffsetsAndDestination() {
    let ids = [10, 11, 12, 13, 14, 15]
    for first in ids.indices {
      for second in ids.indices {
        for destination in 0...ids.count {
          var array = rows(ids)
          let offsets: Set = [first, second]
          array.move(fromOffsets: offsets, toOffset: destination)
          #expect(array.ids == oracleMove(ids, offsets, destination), "\(offsets) to \(destination)")
          #expect(array.map(\.value) == array.ids.map { $0 * 10 })
        }
      }
    }
    var array = rows(ids)
    array.move(fromOffsets: [0], toOffset: 6)
    #expect(array.ids == [11, 12, 13, 14, 15, 10], "toOffset counts before the removal")
  }

  @Test(arguments: StrategyCase.withRefinements)
  func sortRemoveMove_throughAStore_noteWhatChanged(_ strategy: StrategyCase) async {
    await structural(strategy.type)
  }

  private func structural<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 6)
      store.send(.row(2, .increment))
      let row2 = store.scope(row: 2, of: .keyPath(\.rows), action: AppAction.row)!
      var structure = watch(S.self) { _ = store.rows.ids }
      store.send(.sortRows(descending: true))
      #expect(store.rows.ids == [5, 4, 3, 2, 1, 0])
      #expect(structure.value == 1)
      #expect(row2.isPresent && row2.value == 1)
      structure = watch(S.self) { _ = store.rows.ids }
      store.send(.sortRows(descending: true))  // already sorted
      #expect(structure.value == (S.isIdentity ? 0 : 1))
      structure = watch(S.self) { _ = store.rows.ids }
      let removed = watch(S.self) { _ = store.scope(row: 4, of: .keyPath(\.rows), action: AppAction.row)!.value }
      store.send(.removeRows([4, 0]))
      #expect(store.rows.ids == [5, 3, 2, 1])
      #expect(structure.value == 1)
      #expect(removed.value == 1)
      #expect(row2.isPresent && row2.value == 1)
      structure = watch(S.self) { _ = store.rows.ids }
      store.send(.moveRows([0, 1], to: 4))
      #expect(store.rows.ids == [2, 1, 5, 3])
      #expect(structure.value == 1)
      row2.send(.increment)
      #expect(store.rows[id: 2]?.value == 2)
    }
  }
}
