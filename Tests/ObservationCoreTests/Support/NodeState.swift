import ObservationCore

/// A state nested `depth` levels deep through an optional child of its own type.
struct NodeState<S: ObservationStrategy>: ObservableState {
  typealias Strategy = S
  let _$registrar = S.Registrar()
  private var _value = 0
  /// Recursion needs indirection: at most one element.
  private var _child: [NodeState<S>] = []

  init(depth: Int) {
    if depth > 1 { _child = [NodeState(depth: depth - 1)] }
  }

  var value: Int {
    get { access(0); return _value }
    set { _value = newValue; didSet(0) }
  }

  var child: NodeState<S>? {
    get { access(1); return _child.first }
    set {
      didModify(1, from: _child.first?._$identity, to: newValue?._$identity)
      _child = newValue.map { [$0] } ?? []
    }
  }

  /// Modifies the child in place, keeping its identity: what a leaf write does on
  /// the way down.
  mutating func modifyChild(_ body: (inout NodeState<S>) -> Void) {
    guard !_child.isEmpty else { return }
    let before = _child[0]._$identity
    body(&_child[0])
    didModify(1, from: before, to: _child[0]._$identity)
  }
}

indirect enum NodeAction {
  case setValue(Int)
  case replaceChild(depth: Int)
  case child(NodeAction)
}

func nodeReducer<S: ObservationStrategy>(_ state: inout NodeState<S>, _ action: NodeAction) -> Effect<NodeAction> {
  switch action {
  case .setValue(let value):
    state.value = value
  case .replaceChild(let depth):
    state.child = NodeState(depth: depth)
  case .child(let action):
    state.modifyChild { _ = nodeReducer(&$0, action) }
  }
  return .none
}
