import BenchmarkKit
import CoreModels
import ObservationCore

extension Reads {
  /// ``storeAfterSend`` with the action routed through the root, on every side.
  ///
  /// `store-after-send` reduces the leaf's send where the leaf is stored (child
  /// stores scoped in place), as apple writes the leaf object it holds. A store
  /// whose parents react to their children's actions routes them instead: the
  /// leaf's store wraps its action once per level and the root's reducer
  /// recurses down to the leaf. Here apple and `none` do the same routing: the
  /// leaf's action goes up through a chain of d − 1 wrapping closures (one
  /// `NodeAction.child` box per level, as the core's child stores make) to a
  /// reducer that recurses down their own nested state — apple's `@Observable`
  /// objects, `none`'s plain structs in a `PlainStore` — and the read walks down
  /// again. `none` is the routing's own cost: the store floor.
  static var storeAfterSendRouted: BenchmarkScenario {
    BenchmarkScenario(
      name: "store-after-send-routed",
      summary:
        "Like-for-like store-after-send: one send from depth d, its action wrapped once per level and reduced down "
          + "from the root, then a read of the leaf (apple: the same reducer over @Observable objects; none: over "
          + "plain structs)",
      sizes: storeAfterSendDepths,
      quickSizes: storeAfterSendQuickDepths,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try StoreAfterSend(depth: size, routing: .throughRoot).prepare(id: id)
      case .apple: return storeAfterSendRoutedApple(depth: size)
      case .none: return storeAfterSendRoutedPlain(depth: size)
      }
    }
  }

  private static func storeAfterSendRoutedApple(depth: Int) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = identity(depth - 1)
    let send = routedSend(depth: depth) { action in _ = appleNodeReducer(root, .child(action)) }
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        if let send { send(.setValue(value)) } else { _ = appleNodeReducer(root, .setValue(value)) }
        blackHole(root.descendant(levels).value)
      }
      cursor.value = value
    })
  }

  private static func storeAfterSendRoutedPlain(depth: Int) -> PreparedCase {
    let store = PlainStore(initialState: PlainNode(depth: depth), reducer: plainNodeReducer)
    let levels = identity(depth - 1)
    let send = routedSend(depth: depth) { action in store.send(.child(action)) }
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        if let send { send(.setValue(value)) } else { store.send(.setValue(value)) }
        blackHole(store.withState { PlainNode.value(below: levels, at: $0) })
      }
      cursor.value = value
    })
  }

  /// The send of a leaf `depth` levels down, as a chain of scoped stores makes it:
  /// d − 1 closures, each embedding the action one level deeper, the innermost
  /// (`toRoot`, which embeds it once more) delivering it to the root's reducer.
  /// `nil` at depth 1, where the leaf is the root and sends directly, as the
  /// core's root store does.
  private static func routedSend(
    depth: Int, toRoot: @escaping (NodeAction) -> Void
  ) -> ((NodeAction) -> Void)? {
    guard depth > 1 else { return nil }
    var send = toRoot
    for _ in 2..<depth {
      let parent = send
      send = { action in parent(.child(action)) }
    }
    return send
  }
}
