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
  var _ids: [ID] = []
  var _storage: [ID: Element] = [:]

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
  public subscript(id id: ID) -> Element? {
    get { _storage[id] }
    _modify {
      let old = _storage[id]
      yield &_storage[id]
      let new = _storage[id]
      if let old, old._$identity != new?._$identity {
        // Replaced or removed as a whole: its observers lose what they read.
        old.didReplace()
      }
      if (old == nil) != (new == nil) {
        if old != nil { _ids.removeAll { $0 == id } } else { _ids.append(id) }
        didSet(Self.structure)
      }
    }
  }
}
