import BenchmarkKit
import CoreModels
import ObservationCore

extension Reads {
  /// What a re-render reads: the leaf's value through its scoped store, d levels
  /// down, right after a send that changed it — every memo on the path is cold.
  ///
  /// The send comes from the leaf's store, reduced where the leaf is stored
  /// (each child store scoped in place, as in nesting/leaf-write); the read
  /// walks the path again. Apple writes the leaf object and reads it back through the chain of
  /// d objects from the root; `none`, the floor, sets the leaf of plain nested
  /// structs in place and reads it back. Nobody observes: the operation
  /// is the write and the cold read, so there is nothing to notify or count.
  static var storeAfterSend: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-after-send",
      summary:
        "One send from the leaf store at depth d changing the leaf, then a read of the leaf's value through that store "
          + "(cold memo; apple: write, read via d objects; none: plain nested structs)",
      sizes: storeAfterSendDepths,
      quickSizes: storeAfterSendQuickDepths,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try StoreAfterSend(depth: size, routing: .inPlace).prepare(id: id)
      case .apple: return storeAfterSendApple(depth: size)
      case .none: return storeAfterSendPlain(depth: size)
      }
    }
  }

  private static func storeAfterSend<S: ObservationStrategy>(
    _: S.Type, depth: Int, routing: NodeRouting
  ) -> PreparedCase {
    let leaf = S.inIsolation { nodeStores(S.self, depth: depth, routing: routing).last! }
    let cursor = Cursor()
    // `leaf.value` as non-generic code compiles it (see reads/store-member).
    return .core(
      S.self,
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          value &+= 1
          leaf.send(.setValue(value))
          blackHole(leaf.read { $0.value })
        }
        cursor.value = value
      })
  }

  private static func storeAfterSendApple(depth: Int) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = identity(depth - 1)
    let leaf = root.descendant(levels)
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        leaf.value = value
        blackHole(root.descendant(levels).value)
      }
      cursor.value = value
    })
  }

  private static func storeAfterSendPlain(depth: Int) -> PreparedCase {
    // The floor: the leaf changed in place in the nested structs and read back,
    // with no store, reducer or action wrapping in between. The root lives in
    // memory of its own, as PlainStore's does (no exclusivity checks).
    let root = UnsafeMutablePointer<PlainNode>.allocate(capacity: 1)
    root.initialize(to: PlainNode(depth: depth))
    let levels = identity(depth - 1)
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          value &+= 1
          root.pointee.modify(below: levels) { $0.value = value }
          blackHole(PlainNode.value(below: levels, at: root))
        }
        cursor.value = value
      },
      tearDown: {
        root.deinitialize(count: 1)
        root.deallocate()
      })
  }

  /// The depths both store-after-send scenarios sweep (and, quick, take).
  static let storeAfterSendDepths = [1, 2, 4, 8, 16, 32, 64]
  static let storeAfterSendQuickDepths = [1, 8, 64]

  /// ``storeAfterSend`` as a ``CoreWorkload``, specialised per strategy (also the
  /// core side of ``storeAfterSendRouted``).
  struct StoreAfterSend: CoreWorkload {
    let depth: Int
    let routing: NodeRouting
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.storeAfterSend(S.self, depth: depth, routing: routing)
    }
  }
}
