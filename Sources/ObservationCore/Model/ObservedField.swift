/// Names one observed stored property of a model by a small index.
///
/// Apple's Observation hashes an `AnyKeyPath` into a set on every tracked read;
/// naming each field once by a small integer lets a read record one bit instead.
/// Indices are per registrar; give each observed property its own, from 0. A
/// subclass shares its superclass's registrar, so it continues the numbering after
/// the superclass's fields (see `ObservableModel`).
public struct ObservedField: Hashable, Sendable {
  /// The field's index within its model type.
  public let index: Int

  /// Names the field at `index` (0 to 62 for exact per-field invalidation).
  @inlinable
  public init(_ index: Int) {
    precondition(index >= 0, "field indices start at 0")
    self.index = index
  }
}

extension ObservedField: ExpressibleByIntegerLiteral {
  @inlinable
  public init(integerLiteral value: Int) { self.init(value) }
}
