@testable import Benchmarks
import ObservationCore

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
