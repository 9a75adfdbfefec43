/// The row stores of an identified collection, in its order: what a list view
/// iterates (SwiftUI's `ForEach` over `store.scope(rows:…)`), made the cheap
/// way so that the idiomatic loop is the fast one.
///
/// Making it reads the collection's ids once, the way its path says (a tracked
/// read of the collection's field and of its structure: an observer of the
/// list hears of rows added, removed or moved). A row store is scoped on first
/// access to its position and cached per id by the parent, as
/// ``Store/scope(row:of:action:)`` caches it, and evicted when its row ends;
/// iterating twice returns the same stores. With a path found in place
/// (`.locate`), nothing is copied per row: no key path is projected and no
/// collection is copied out of its parent.
///
/// The ids are those read when the collection was made: read it again (in the
/// next render) after a send that may have changed them. A position whose row
/// was removed since is a precondition failure, as an index past the end is.
public struct RowStores<
  ParentState: ObservableState, ParentAction, Row: ObservableState & Identifiable, RowAction
>: RandomAccessCollection where Row.Strategy == ParentState.Strategy {
  /// The ids, in order, as read when the collection was made.
  public let ids: [Row.ID]
  @usableFromInline let parent: Store<ParentState, ParentAction>
  @usableFromInline let path: ChildPath<ParentState, IdentifiedArray<Row>>
  @usableFromInline let embed: (Row.ID, RowAction) -> ParentAction

  @inlinable
  init(
    parent: Store<ParentState, ParentAction>, path: ChildPath<ParentState, IdentifiedArray<Row>>,
    embed: @escaping (Row.ID, RowAction) -> ParentAction
  ) {
    self.parent = parent
    self.path = path
    self.embed = embed
    ids = parent.read { path.child(of: $0).ids }
  }

  @inlinable
  public var startIndex: Int { 0 }

  @inlinable
  public var endIndex: Int { ids.count }

  /// The store of the row at `position`.
  ///
  /// - Complexity: amortised O(1): a cache lookup by id once the row's store
  ///   exists; its first access finds the row by id.
  @inlinable
  public subscript(position: Int) -> Store<Row, RowAction> {
    guard let store = parent.scope(row: ids[position], of: path, action: embed) else {
      preconditionFailure("row \(ids[position]) was removed after its row stores were read; read them again")
    }
    return store
  }
}

extension Store {
  /// The row stores of the identified collection `path` reaches, in its
  /// order: `ForEach(store.scope(rows: .locate(\.rows, State.rows(at:)),
  /// action: Action.row))`. Found in place (`.locate`, with the accessor the
  /// `StateAccessors` plugin writes for every field, `State.rows(at:)`), a
  /// row's reads copy nothing.
  @inlinable
  public func scope<Row, RowAction>(
    rows path: ChildPath<State, IdentifiedArray<Row>>,
    action embed: @escaping (Row.ID, RowAction) -> Action
  ) -> RowStores<State, Action, Row, RowAction> where Row.Strategy == Strategy {
    RowStores(parent: self, path: path, embed: embed)
  }
}
