/// How a child store finds its state in its parent's: the key path that names
/// the child, and the way a read goes down to it.
///
/// The key path is the child's identity (the same path gives the same store)
/// and what a debug build checks the other ways against. The way is a choice
/// of cost, never of meaning: all three read the same getters in the same
/// order, so they observe the same fields.
/// - ``keyPath(_:)``: the key path projected at run time, which walks its
///   components generically (about 2 500 instructions per level of nested
///   generic state, the whole cost of the first read after a send).
/// - ``get(_:_:)``: the same path written as a closure (`{ $0.child! }` beside
///   `\.child!`), compiled and specialised where it is written.
/// - ``locate(_:_:)``: the same step written as an address, the child's in its
///   parent's memory (the `StateAccessors` plugin writes one per field,
///   `State.child(at:)`). Composed from the root's memory down, a read walks
///   addresses and copies no level's state.
///
/// What kind of child it is follows from the type the path reaches: a state
/// (``Store/scope(state:action:)``), an
/// optional state, or an identified collection whose rows are scoped one by
/// one (``Store/scope(row:of:action:)``, ``Store/scope(rows:action:)``).
public struct ChildPath<Parent, Child> {
  /// The child's identity among its parent's children.
  public let keyPath: KeyPath<Parent, Child>
  @usableFromInline let way: Way

  /// How a read goes down from the parent's state.
  @usableFromInline
  enum Way {
    case projected
    case get(ChildGetter<Parent, Child>)
    case locate((UnsafePointer<Parent>) -> UnsafePointer<Child>)
  }

  @inlinable
  init(keyPath: KeyPath<Parent, Child>, way: Way) {
    self.keyPath = keyPath
    self.way = way
  }

  /// The child at `keyPath`, projected at run time.
  @inlinable
  public static func keyPath(_ keyPath: KeyPath<Parent, Child>) -> Self {
    Self(keyPath: keyPath, way: .projected)
  }

  /// The child at `keyPath`, read by `get`: `keyPath` written as a closure,
  /// which must read what `keyPath` reads (the same getters in the same order).
  @inlinable
  public static func get(_ keyPath: KeyPath<Parent, Child>, _ get: @escaping (Parent) -> Child) -> Self {
    Self(keyPath: keyPath, way: .get(ChildGetter(get)))
  }

  /// The child at `keyPath`, found in place by `locate`: its address in the
  /// parent's memory. `locate` must record what `keyPath` reads
  /// (`access(_:at:)`, as the generated accessors do) and must not write; the
  /// address it returns is used under the tree's guard, before the next send,
  /// while the state it points into is neither mutated nor freed. Below a
  /// parent that is not found in place from the root (an optional or row
  /// child, or a step of another way), `locate` is applied to a copy of the
  /// parent.
  @inlinable
  public static func locate(
    _ keyPath: KeyPath<Parent, Child>, _ locate: @escaping (UnsafePointer<Parent>) -> UnsafePointer<Child>
  ) -> Self {
    Self(keyPath: keyPath, way: .locate(locate))
  }

  /// The child of `parent`, found the path's way in a copy of it.
  @inlinable @inline(__always)
  func child(of parent: Parent) -> Child {
    switch way {
    case .projected: parent[keyPath: keyPath]
    case .get(let getter): getter.get(parent)
    // The copy of the parent lives for the call: the address is read within it.
    case .locate(let locate): withUnsafePointer(to: parent) { locate($0).pointee }
    }
  }

  /// The way down as a getter: the path's own, or one made for its way (a
  /// closure, allocated, for a key path or an address).
  @inlinable
  var getter: ChildGetter<Parent, Child> {
    switch way {
    case .projected: ChildGetter { [keyPath] in $0[keyPath: keyPath] }
    case .get(let getter): getter
    case .locate(let locate): ChildGetter { parent in withUnsafePointer(to: parent) { locate($0).pointee } }
    }
  }

  /// The step in place, for a path found from the root's memory; `nil` for
  /// the other ways.
  @inlinable
  var locator: ((UnsafePointer<Parent>) -> UnsafePointer<Child>)? {
    if case .locate(let locate) = way { return locate }
    return nil
  }
}

extension Store {
  /// In a debug build, checks under the tree's guard that `path`'s way finds
  /// in this store's state what its key path reads (by identity, which
  /// `identity` takes of a child). `scope` names the caller.
  @inlinable
  func assertFinds<Child>(
    _ path: ChildPath<State, Child>, _ identity: (Child) -> StateIdentity?, _ scope: String
  ) {
    #if DEBUG
      if case .projected = path.way { return }
      source.read { state in
        assert(
          identity(path.child(of: state)) == identity(state[keyPath: path.keyPath]),
          "\(scope): the way down finds another state than the key path \(path.keyPath)")
      }
    #endif
  }
}

/// A getter of a child, kept as one value from the path that holds it to the
/// code that calls it.
///
/// A closure stored in a generic type is stored in its most general form; a
/// closure taken out of one as a value of a concrete type (`(State) ->
/// Rows`) and stored in another generic type is converted there and back, a
/// reabstraction thunk allocated each time (one per row store made). Wrapped,
/// it is moved as the struct it is, and only ever called.
@usableFromInline
struct ChildGetter<Parent, Child> {
  @usableFromInline let get: (Parent) -> Child

  @inlinable
  init(_ get: @escaping (Parent) -> Child) { self.get = get }
}
