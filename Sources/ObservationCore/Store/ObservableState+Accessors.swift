/// A state field whose changes are told by identity, not by value: a child
/// state, an optional child, an identified collection. Its observers care
/// whether it is still the same child, which the identity answers in one load,
/// where comparing values would walk the child.
public protocol ObservedChild {
  /// The child's identity, or `nil` for an absent optional child.
  var _$childIdentity: StateIdentity? { get }
}

extension ObservableState {
  /// The state's identity, as a child of another state.
  @inlinable
  public var _$childIdentity: StateIdentity? { _$identity }
}

extension Optional: ObservedChild where Wrapped: ObservedChild {
  /// The child's identity, or `nil` when there is no child.
  @inlinable
  public var _$childIdentity: StateIdentity? {
    switch self {
    case .some(let child): child._$childIdentity
    case .none: nil
    }
  }
}

/// What the accessors written by the `StateAccessors` build-tool plugin call: one
/// rule per kind of field, chosen by overload on the field's type, so that the
/// generator writes the same three lines for every field and never needs to
/// know what a type is.
///
/// - An assignment (`set`) of an `Equatable` value equal to the stored one
///   notifies nobody: a binding that writes back what it read changes nothing,
///   as Observation's `@Observable` macro decides with `==`.
/// - An assignment of another value, or of a value that cannot be compared,
///   notes the field.
/// - A child (``ObservedChild``) is compared by identity instead, whether or
///   not it is `Equatable`: ``didModify(_:from:to:)``'s rule.
/// - A change in place (`_modify`, which the generator writes for children and
///   collections: `state.tags.append(t)`, `state.rows[id: id]?.value += 1`)
///   notes a collection always, as the macro's `_modify` does (telling an
///   unchanged value apart would cost a copy of it before every change), and a
///   child by ``didModify(_:from:to:)``'s rule. A scalar (`state.count += 1`)
///   is read and assigned, so the assignment's rule applies.
extension ObservableState {
  /// Notes the assignment of `new` over `old` to `field`: a value that cannot be
  /// compared always changes.
  @inlinable @inline(__always)
  public func _$noteAssign<Value>(_ field: ObservedField, from old: Value, to new: Value) {
    didSet(field)
  }

  /// Notes the assignment of `new` over `old` to `field`, unless they are equal.
  @inlinable @inline(__always)
  public func _$noteAssign<Value: Equatable>(_ field: ObservedField, from old: Value, to new: Value) {
    if old != new { didSet(field) }
  }

  /// Notes the assignment of child `new` over child `old` to `field`, by identity.
  @inlinable @inline(__always)
  public func _$noteAssign<Child: ObservedChild>(_ field: ObservedField, from old: Child, to new: Child) {
    didModify(field, from: old._$childIdentity, to: new._$childIdentity)
  }

  /// Notes the assignment of child `new` over child `old` to `field`, by
  /// identity: a child that is also `Equatable` is still a child.
  @inlinable @inline(__always)
  public func _$noteAssign<Child: ObservedChild & Equatable>(
    _ field: ObservedField, from old: Child, to new: Child
  ) {
    didModify(field, from: old._$childIdentity, to: new._$childIdentity)
  }

  /// What a change in place of a plain field remembers before it: nothing.
  @inlinable @inline(__always)
  public func _$modifyToken<Value>(_ value: Value) -> InPlaceChange { InPlaceChange() }

  /// What a change in place of a child remembers before it: its identity.
  @inlinable @inline(__always)
  public func _$modifyToken<Child: ObservedChild>(_ child: Child) -> StateIdentity? {
    child._$childIdentity
  }

  /// Notes a change in place of plain field `field`.
  @inlinable @inline(__always)
  public func _$noteModify<Value>(_ field: ObservedField, _: InPlaceChange, _: @autoclosure () -> Value) {
    didSet(field)
  }

  /// Notes a change in place of child `field`, by ``didModify(_:from:to:)``'s
  /// rule; the child is read after the change only by strategies that compare.
  @inlinable @inline(__always)
  public func _$noteModify<Child: ObservedChild>(
    _ field: ObservedField, _ before: StateIdentity?, _ child: @autoclosure () -> Child
  ) {
    didModify(field, from: before, to: child()._$childIdentity)
  }
}

/// What a change in place of a plain field remembers before it: nothing, since
/// every such change is noted.
public struct InPlaceChange: Sendable {
  @inlinable
  public init() {}
}
