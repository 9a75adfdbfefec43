import BenchmarkKit
import Observation
import ObservationCore

extension Nesting {
  /// A render of the leaf: a scope that reads the leaf's value through the path
  /// from the root, installed and then ended.
  ///
  /// The core ends it by cancelling. Apple has no cancel: its observation ends
  /// when it fires, so apple's op also writes the leaf (one write, which fires
  /// and removes it); leaving it armed would pile up d registrations per op.
  static let leafReadTracked = BenchmarkScenario(
    name: "leaf-read-tracked",
    summary: "Opens a scope, reads the leaf's value at depth d through its store, closes it and ends it (core: cancel; apple: a write fires it)",
    sizes: depths,
    quickSizes: quickDepths,
    strategies: StrategyIDs.stores
  ) { id, size in
    switch try Subject(id) {
    case .core: return try LeafReadTracked(depth: size).prepare(id: id)
    case .apple: return leafReadTrackedApple(depth: size)
    case .none: return leafReadPlain(depth: size)
    }
  }

  private static func leafReadTracked<S: ObservationStrategy>(_: S.Type, depth: Int) -> PreparedCase {
    let leaf = S.inIsolation { nodeStores(S.self, depth: depth).last! }
    // `leaf.value` as non-generic code compiles it (see reads/store-member).
    let tally = Tally()
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations {
          S.withTracking({ blackHole(leaf.read { $0.value }) }, onChange: { tally.bump() }).token.cancel()
        }
      },
      notifications: { tally.count },
      expected: 0)
  }

  private static func leafReadTrackedApple(depth: Int) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = depth - 1
    let leaf = root.descendant(levels)
    let tally = Tally()
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          withObservationTracking({ blackHole(root.descendant(levels).value) }, onChange: { tally.bump() })
          value &+= 1
          leaf.value = value
        }
        cursor.value = value
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 1)
  }

  private static func leafReadPlain(depth: Int) -> PreparedCase {
    // No scope: the read through the nested structs is the floor.
    let store = PlainStore(initialState: PlainNode(depth: depth), reducer: plainNodeReducer)
    let levels = identity(depth - 1)
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { blackHole(store.state.valueBelow(levels)) }
    })
  }

  /// ``leafReadTracked`` as a ``CoreWorkload``, specialised per strategy.
  private struct LeafReadTracked: CoreWorkload {
    let depth: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Nesting.leafReadTracked(S.self, depth: depth)
    }
  }
}
