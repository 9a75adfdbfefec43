/// An ordered collection of identified child states: ordered ids plus storage by
/// id, the observable counterpart of TCA's `IdentifiedArray`.
///
/// Its structure (which ids, in which order) is one observed field of its own, so
/// observers of the structure — a `ForEach` — are told apart from observers of one
/// row. Updating a row in place through `subscript(id:)` notes nothing here: the
/// row notes its own writes. Inserting, removing, moving and replacing note the
/// structure, and the removed or replaced rows as a whole.
///
/// - Complexity: reading or updating a row by id is O(1); insert and remove are
///   O(n) in the worst case (the id order shifts).
public struct IdentifiedArray<Element: ObservableState & Identifiable>: ObservableState {
  public typealias Strategy = Element.Strategy
  public typealias ID = Element.ID

  public let _$registrar = Strategy.Registrar()
  @usableFromInline var _ids: [ID] = []
  @usableFromInline var _storage: [ID: Element] = [:]

  /// The structure field.
  @usableFromInline static var structure: ObservedField { 0 }

  /// An empty collection.
  public init() {}

  /// A collection of `elements`, in order; later duplicates of an id are dropped.
  public init(_ elements: some Sequence<Element>) {
    // Sized once from what the sequence promises, not grown by doubling: half the
    // copying, and a buffer of the size the rows need.
    _ids.reserveCapacity(elements.underestimatedCount)
    _storage.reserveCapacity(elements.underestimatedCount)
    for element in elements where _storage[element.id] == nil {
      _ids.append(element.id)
      _storage[element.id] = element
    }
  }

  /// The ids in order: a read of the structure.
  public var ids: [ID] {
    access(Self.structure)
    return _ids
  }

  /// The number of rows: a read of the structure.
  public var count: Int {
    access(Self.structure)
    return _ids.count
  }

  /// The rows in order: a read of the structure.
  public var elements: [Element] {
    access(Self.structure)
    return _ids.map { _storage[$0]! }
  }

  /// The row with `id`; updating it in place changes only that row.
  ///
  /// Assigning `nil` removes the row; assigning a row whose id is new appends it.
  ///
  /// Inlinable, so that a reducer's `rows[id: id]?.value += 1` runs specialised
  /// and inlined: a `_modify` coroutine called across the module allocates its
  /// frame on every call, and nested ones allocate one each.
  ///
  /// - Complexity: two lookups by id when updating in place, one when reading.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { _storage[id] }
    _modify {
      // Moved out and back rather than changed through the dictionary's slot:
      // the old row's registrar is all that is kept of it (no copy of the row,
      // whose buffers stay unique for the change in place), and the lookups
      // before and after the change are spared.
      var element = _storage.removeValue(forKey: id)
      let old = element?._$registrar
      defer {
        let new = element?._$registrar
        if let element { _storage[id] = element }
        if let old, old !== new {
          // Replaced or removed as a whole: its observers lose what they read.
          ChangeList.noteWrite(of: old, ~0, Strategy.self)
        }
        if (old == nil) != (new == nil) {
          if old != nil { _ids.removeAll { $0 == id } } else { _ids.append(id) }
          didSet(Self.structure)
        }
      }
      yield &element
    }
  }
}
