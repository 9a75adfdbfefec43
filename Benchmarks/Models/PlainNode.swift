import ObservationCore

/// ``NodeState`` with no observation: a plain struct nested through an array.
struct PlainNode {
  var value = 0
  var side = 0
  var child: [PlainNode] = []

  /// A chain of `depth` nodes, this one first.
  init(depth: Int) {
    if depth > 1 { child = [PlainNode(depth: depth - 1)] }
  }

  /// The value of the node `levels` below this one.
  func valueBelow(_ levels: Int) -> Int {
    levels == 0 ? value : child[0].valueBelow(levels - 1)
  }
}

/// ``nodeReducer(_:_:)`` on the plain state.
func plainNodeReducer(_ state: inout PlainNode, _ action: NodeAction) -> Effect<NodeAction> {
  switch action {
  case .setValue(let value): state.value = value
  case .setSide(let side): state.side = side
  case .child(let action): if !state.child.isEmpty { _ = plainNodeReducer(&state.child[0], action) }
  }
  return .none
}

/// How a plain leaf sends: through one wrapping closure per level, as a scoped
/// store's `send` reaches its root.
func plainLeafDispatch(_ store: PlainStore<PlainNode, NodeAction>, depth: Int) -> (NodeAction) -> Void {
  var dispatch: (NodeAction) -> Void = { store.send($0) }
  for _ in 1..<depth {
    let parent = dispatch
    dispatch = { parent(.child($0)) }
  }
  return dispatch
}
