import ObservationCore

/// A store state nested `depth` levels deep through an optional child of its own
/// type: the state of the nesting workloads.
///
/// Field 0 `value` is what the leaf's observer reads, field 1 `side` sits beside
/// it, field 2 `child` is the path down, written by hand: a struct holds a child
/// of its own type only through indirection, here an array.
public struct NodeState<S: ObservationStrategy>: ObservableState {
  public let _$registrar = S.Registrar()

  public var _value: Int = 0
  public var _side: Int = 0
  /// Recursion needs indirection: at most one element. Usable from inline
  /// code, so that the accessors below are `@inlinable` and the suites
  /// specialise them for their strategy: called across the module
  /// unspecialised, a store read after a send cost 2 700 instructions more
  /// per level.
  @usableFromInline var childStorage: [NodeState<S>] = []

  /// A chain of `depth` nodes, this one first.
  @inlinable
  public init(depth: Int) {
    if depth > 1 { childStorage = [NodeState(depth: depth - 1)] }
  }

  @inlinable
  public var child: NodeState<S>? {
    get {
      access(2)
      return childStorage.first
    }
    set {
      didModify(2, from: childStorage.first?._$identity, to: newValue?._$identity)
      childStorage = newValue.map { [$0] } ?? []
    }
  }

  /// Where the child of the node at `node` is stored, found in place: `child`
  /// as an address (a `.locate` ``ChildPath``), recording the same read. The
  /// child array is owned by the node, which outlives the address's
  /// use under the store's guard.
  @inlinable
  public static func child(at node: UnsafePointer<NodeState<S>>) -> UnsafePointer<NodeState<S>> {
    access(2, at: node)
    return node.pointee.childStorage.withUnsafeBufferPointer { $0.baseAddress! }
  }

  /// Where the child of the node at `node` is stored, ready for a change in
  /// place, or `nil` if it has none: the change step of a store scoped in
  /// place (``Store/scope(state:change:reducer:)``). The child array is
  /// made unique first (copy-on-write), so a copy of the node held elsewhere
  /// keeps its value; the node outlives the address's use under the store's
  /// guard, and nothing else touches the array meanwhile.
  @inlinable
  public static func childForChange(at node: UnsafeMutablePointer<NodeState<S>>) -> UnsafeMutablePointer<NodeState<S>>?
  {
    guard !node.pointee.childStorage.isEmpty else { return nil }
    willChangeInPlace(2, at: node)
    return node.pointee.childStorage.withUnsafeMutableBufferPointer { $0.baseAddress }
  }

  /// Modifies the child in place, keeping its identity: the way down of a write
  /// at the leaf.
  @inlinable
  public mutating func modifyChild(_ body: (inout NodeState<S>) -> Void) {
    guard !childStorage.isEmpty else { return }
    let before = childStorage[0]._$identity
    body(&childStorage[0])
    didModify(2, from: before, to: childStorage[0]._$identity)
  }
}

/// What the nested stores do; a child's action reaches the root wrapped once per
/// level.
///
/// Only the recursive case is boxed, as an action enum is written: `indirect
/// enum` would box every case with a payload, so `setValue` alone would cost an
/// allocation and a free per send (about 250 instructions here), which is the
/// model's and no store's.
public enum NodeAction {
  case setValue(Int)
  case setSide(Int)
  indirect case child(NodeAction)
}

/// The nested stores' reducer: recurses down the path to the node addressed.
@inlinable
public func nodeReducer<S: ObservationStrategy>(_ state: inout NodeState<S>, _ action: NodeAction) -> Effect<NodeAction>
{
  switch action {
  case .setValue(let value): state.value = value
  case .setSide(let side): state.side = side
  case .child(let action): state.modifyChild { _ = nodeReducer(&$0, action) }
  }
  return .none
}

/// How a chain of node stores sends a leaf's action.
public enum NodeRouting {
  /// Each child store scoped in place (`scope(state:change:reducer:)`):
  /// the leaf's send is reduced where the leaf is stored, each ancestor noting
  /// its child's change through `childForChange(at:)`; nothing is wrapped or
  /// reduced per level. What apple's leaf write is, for a store.
  case inPlace
  /// Each child store scoped with `action: NodeAction.child`: the action is
  /// wrapped once per level (a box) and the root's reducer recurses down to
  /// the leaf, as TCA's scoped stores route every action.
  case throughRoot
}

/// A chain of scoped stores over ``NodeState``, root first, leaf last.
///
/// Each step is scoped with its path compiled and located (`locate:` beside the
/// key path), as code that reads a child store right after each send should:
/// the first read after a send then walks the children where they are stored,
/// instead of projecting the key path at run time (about 2 500 instructions per
/// level of this generic state) or copying each level out of its parent (a
/// retain and a release per reference per level, with `get:`).
@inlinable
public func nodeStores<S: ObservationStrategy>(
  _: S.Type, depth: Int, routing: NodeRouting = .inPlace
) -> [Store<NodeState<S>, NodeAction>] {
  var stores = [Store(initialState: NodeState<S>(depth: depth), reducer: nodeReducer)]
  for _ in 1..<depth {
    let parent = stores.last!
    switch routing {
    case .inPlace:
      stores.append(
        parent.scope(
          state: .locate(\.child!, NodeState<S>.child(at:)), change: NodeState<S>.childForChange(at:),
          reducer: nodeReducer))
    case .throughRoot:
      stores.append(parent.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeAction.child))
    }
  }
  return stores
}
