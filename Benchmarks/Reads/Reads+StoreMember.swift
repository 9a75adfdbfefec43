import BenchmarkKit
import CoreModels
import ObservationCore

extension Reads {
  /// A read of the leaf's value through the leaf's scoped store, d levels down.
  ///
  /// A child store holds no state: its read walks from the root down the path,
  /// through every ancestor's `child` once per send, then reads its memo. Apple
  /// reads the same path through its chain of objects; `none` keeps where the leaf
  /// is in its nested structs until the state changes, as the memo does.
  ///
  /// The key path is made once in set-up, as it is in non-generic code: a key
  /// path literal written in generic code is instantiated by the runtime on
  /// every evaluation (~3 µs and two allocations here), which would measure the
  /// benchmark's genericity rather than the store.
  static var storeMember: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-member",
      summary:
        "One read of the leaf's value through its scoped store at depth d, no scope open (apple: through d objects; 8 "
          + "per loop iteration)",
      sizes: [1, 4, 16, 64],
      quickSizes: [1, 64],
      strategies: StrategyIDs.stores,
      allowedSizes: Nesting.allowedDepths
    ) { id, size in
      switch try Subject(id) {
      case .core: return try StoreMemberRead(depth: size).prepare(id: id)
      case .apple: return storeMemberApple(depth: size)
      case .none: return storeMemberPlain(depth: size)
      }
    }
  }

  private static func storeMember<S: ObservationStrategy>(_: S.Type, depth: Int) -> PreparedCase {
    // A child store keeps its ancestors' state alive through its source.
    let leaf = S.inIsolation { nodeStores(S.self, depth: depth).last! }
    // `leaf.value` in non-generic code: the compiler folds the literal key path of
    // the dynamic member into `read { $0.value }`. In generic code it cannot (the
    // literal would be instantiated at run time on every read, ~3 µs), and a hoisted
    // key path would be projected by the run time (~150 ns) — neither is what a
    // user's code pays, so the workload writes the folded form.
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(leaf.read { $0.value }) }
      })
  }

  private static func storeMemberApple(depth: Int) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = identity(depth - 1)
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(root.descendant(levels).value) }
      })
  }

  private static func storeMemberPlain(depth: Int) -> PreparedCase {
    let store = PlainStore(initialState: PlainNode(depth: depth), reducer: plainNodeReducer)
    // The floor: the leaf found once, as the core's child store finds it once per
    // send (its memo), then read in place.
    let leaf = PlainNodeHandle(store, levels: identity(depth - 1))
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(leaf.value) }
      })
  }

  /// ``storeMember`` as a ``CoreWorkload``, specialised per strategy.
  private struct StoreMemberRead: CoreWorkload {
    let depth: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.storeMember(S.self, depth: depth)
    }
  }
}
