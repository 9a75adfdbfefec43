/// Decides which observers a mutation reaches, by mapping each field of an object
/// to one bit of a 64-bit mask.
///
/// A read records the bit of the field it read; a write announces the bit of the
/// field it wrote; an observer fires when the two meet. The policy is the whole
/// difference between `keypath` and `whole` invalidation, and costs nothing at run
/// time because it is a static function of a type known at compile time.
public protocol InvalidationPolicy: Sendable {
  /// The id used in strategy ids: `keypath` or `whole`.
  static var id: String { get }
  /// The bit that stands for `field`.
  static func mask(for field: ObservedField) -> UInt64

  /// Whether observers are told apart by field (`keypath`) rather than reached by
  /// any change of what they observe (`whole`).
  static var isPerField: Bool { get }
}

/// Per-field invalidation: a write reaches only the observers that read that field.
///
/// Fields 0 to 62 have a bit of their own; fields from 63 on share the last bit, so
/// an object with more than 63 observed fields over-notifies among those.
public enum KeyPathInvalidation: InvalidationPolicy {
  public static var id: String { "keypath" }

  @inlinable @inline(__always)
  public static func mask(for field: ObservedField) -> UInt64 {
    1 &<< UInt64(min(field.index, 63))
  }

  @inlinable
  public static var isPerField: Bool { true }
}

/// Whole-object invalidation: any write reaches every observer of the object.
///
/// Reading `a` and changing `b` fires; the report counts it as over-notification.
/// The reward is one bucket per object: nothing to compute per field.
public enum WholeInvalidation: InvalidationPolicy {
  public static var id: String { "whole" }

  @inlinable @inline(__always)
  public static func mask(for field: ObservedField) -> UInt64 { 1 }

  @inlinable
  public static var isPerField: Bool { false }
}
