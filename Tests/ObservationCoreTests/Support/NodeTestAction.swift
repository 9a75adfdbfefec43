import CoreModels
import ObservationCore
import Testing

/// What the store tests do to the benchmarks' ``NodeState``: its workloads'
/// actions plus replacing a child, which no workload sends.
///
/// Kept out of the benchmarks' `NodeAction`: a case there is a case of the
/// reducer every counted store workload runs.
enum NodeTestAction {
  case setValue(Int)
  /// Replaces the child with a fresh chain of `depth` nodes: a new identity
  /// below, which every read through the old child must see.
  case replaceChild(depth: Int)
  indirect case child(NodeTestAction)
}

/// The store tests' reducer over ``NodeState``: recurses down the path to the
/// node addressed.
func nodeTestReducer<S: ObservationStrategy>(
  _ state: inout NodeState<S>, _ action: NodeTestAction
) -> Effect<NodeTestAction> {
  switch action {
  case .setValue(let value): state.value = value
  case .replaceChild(let depth): state.child = NodeState(depth: depth)
  case .child(let action): state.modifyChild { _ = nodeTestReducer(&$0, action) }
  }
  return .none
}

/// Sends a new value to each store of a chain over ``NodeState`` in turn, and
/// expects every store of the chain to read what the root's state holds at its
/// depth, cold and then warm from its memo; at the end each holds its own value.
///
/// `stores` is root first, each the child of the one before.
func expectEveryStoreReadsItsNode<S: ObservationStrategy>(
  _ stores: [Store<NodeState<S>, NodeTestAction>]
) {
  for (level, store) in stores.enumerated() {
    store.send(.setValue(100 + level))
    for (other, reader) in stores.enumerated() {
      var node: NodeState<S>? = stores[0].state
      for _ in 0..<other { node = node?.child }
      #expect(reader.value == node?.value)
      // Warm: the memo answers the same.
      #expect(reader.value == node?.value)
    }
  }
  for (level, store) in stores.enumerated() { #expect(store.value == 100 + level) }
}
