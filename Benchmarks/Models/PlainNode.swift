import CoreModels
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

  /// The value of the node `levels` below the node at `node`, read in place.
  ///
  /// Walks down the nested structs where they are stored, one field access per
  /// level: no node and no child array is copied, so no level costs a retain and
  /// a release (copying each level, as `node.child[0]` does, cost ~15 ns per
  /// level here, more than the core's memoised read). This is the floor of a
  /// read of nested state.
  static func value(below levels: Int, at node: UnsafePointer<PlainNode>) -> Int {
    var node = node
    for _ in 0..<levels {
      // The child array is owned by its parent, which outlives the walk.
      node = node.pointee.child.withUnsafeBufferPointer { $0.baseAddress! }
    }
    return node.pointee.value
  }

  /// The node `levels` below the node at `node`, found in place as ``value(below:at:)`` does.
  static func node(below levels: Int, at node: UnsafePointer<PlainNode>) -> UnsafePointer<PlainNode> {
    var node = node
    for _ in 0..<levels {
      node = node.pointee.child.withUnsafeBufferPointer { $0.baseAddress! }
    }
    return node
  }

  /// Calls `body` with the node `levels` below this one, in place.
  ///
  /// Each level is an in-place access to the child array's element (a
  /// uniqueness check, no copy): the floor of a write to nested state.
  mutating func modify(below levels: Int, _ body: (inout PlainNode) -> Void) {
    if levels == 0 {
      body(&self)
    } else {
      child[0].modify(below: levels - 1, body)
    }
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

/// The plain counterpart of a child store: reads the node `levels` below a plain
/// store's root, finding it once per change of the state.
///
/// A scoped child store of the core remembers where its state is until the next
/// send (its memo) rather than walking down from the root on every read; plain
/// code can keep the same cache without observing anything. So the floor of a
/// read through a child store is this: a version test and the read, with the walk
/// only after a send.
final class PlainNodeHandle {
  private let store: PlainStore<PlainNode, NodeAction>
  private let levels: Int
  private var version = -1
  private var node: UnsafePointer<PlainNode>?

  /// The node `levels` below `store`'s root.
  init(_ store: PlainStore<PlainNode, NodeAction>, levels: Int) {
    self.store = store
    self.levels = levels
  }

  /// The node's value.
  @inline(__always)
  var value: Int {
    if version != store.version || node == nil {
      node = store.withState { PlainNode.node(below: levels, at: $0) }
      version = store.version
    }
    return node.unsafelyUnwrapped.pointee.value
  }
}
