/// A value-type state whose observed fields record reads and note changes: the
/// macro-free counterpart of TCA's `@ObservableState`.
///
/// Declare each observed field in one line and let the `StateAccessors`
/// build-tool plugin write its accessor (see the article's "Declaring state"):
///
/// ```swift
/// struct Counter<S: ObservationStrategy>: ObservableState {
///   let _$registrar = S.Registrar()
///   var _count: Int = 0
///   var _child: Child<S> = Child<S>()
/// }
/// ```
///
/// The accessors it writes are the ones a state may also write by hand, with
/// its own field numbers:
///
/// ```swift
///   var count: Int {
///     get { access(0); return _count }
///     set { _$noteAssign(0, from: _count, to: newValue); _count = newValue }
///   }
///   var child: Child<S> {
///     get { access(1); return _child }
///     set { _$noteAssign(1, from: _child, to: newValue); _child = newValue }
///     _modify { let before = _$modifyToken(_child); yield &_child; _$noteModify(1, before, _child) }
///   }
/// ```
///
/// The registrar is a reference, so copies of a state share it: it is the state's
/// identity (TCA's `_$id`), and a new value made with `init` is a new identity.
/// A setter of an Equatable field returns early when the new value equals the
/// stored one, as `ObservableModel` setters and the `@Observable` macro do, so that
/// assigning an equal value (a binding that writes back what it read) notifies
/// nobody. Child states compare identities instead (`didModify`).
/// Replacing the whole root state in a reducer (`state = State()`) is a change:
/// the store notifies everyone who read the old root, and its observers keep
/// observing the new one.
/// Changes are noted only while a store's `send` runs on the thread; the store
/// notifies after its reducer returned. A plain stored property is ignored: written
/// freely, it never notifies.
public protocol ObservableState: ObservedChild {
  /// The strategy the state is observed with.
  associatedtype Strategy: ObservationStrategy
  /// The state's registrar and identity; create it with `Strategy.Registrar()`.
  var _$registrar: Strategy.Registrar { get }
}

extension ObservableState {
  /// The state's identity: shared by its copies, new for each new value, and
  /// never reused (not an address: a replaced child whose registrar was freed
  /// never passes for its replacement, whatever address the allocator reuses).
  @inlinable
  public var _$identity: StateIdentity { StateIdentity(_$registrar.identity) }

  /// Records a read of `field` in the innermost open tracking scope.
  ///
  /// With whole invalidation the store records every read on itself instead, so
  /// the state records nothing.
  @inlinable @inline(__always)
  public func access(_ field: ObservedField) {
    guard Strategy.Invalidation.isPerField else { return }
    Strategy.Scope.record(_$registrar, Strategy.Invalidation.mask(for: field))
  }

  /// Records a read of `field` of the state at `state`, read in place: what a
  /// located step down (a `.locate` path of `Store.scope`) records.
  ///
  /// Calling `access` on `state.pointee` would copy the whole state first (a
  /// retain and a release per reference it holds); this loads the registrar
  /// alone, unretained: the state at `state` holds it while the step runs.
  @inlinable @inline(__always)
  public static func access(_ field: ObservedField, at state: UnsafePointer<Self>) {
    guard Strategy.Invalidation.isPerField else { return }
    Unmanaged.passUnretained(state.pointee._$registrar)._withUnsafeGuaranteedRef {
      Strategy.Scope.record($0, Strategy.Invalidation.mask(for: field))
    }
  }

  /// Notes that `field` was written, for the store whose `send` is running.
  @inlinable @inline(__always)
  public func didSet(_ field: ObservedField) {
    // The state holds its registrar while it is written: lent unretained.
    ChangeList.noteWrite(
      ofUnretained: Unmanaged.passUnretained(_$registrar), Strategy.Invalidation.mask(for: field), Strategy.self)
  }

  /// Notes that child state `field` was modified, unless the strategy skips
  /// unchanged identity and the child kept its identity.
  ///
  /// The new identity is an autoclosure, evaluated only by strategies that skip:
  /// read from the child where it is stored, right after the modification, it
  /// otherwise costs the others a retain and a release of the child's storage.
  /// Those others therefore count every modification of a child as one that may
  /// have ended it (set it to nil or replaced it), which sends the next send of
  /// a row or optional store to look its state up again.
  @inlinable @inline(__always)
  public func didModify(
    _ field: ObservedField, from old: StateIdentity?, to new: @autoclosure () -> StateIdentity?
  ) {
    if Strategy.skipsUnchangedIdentity && old == new() { return }
    ChangeList.noteEnding()
    didSet(field)
  }

  /// Notes that every field of this state changed: what removing or replacing it
  /// as a whole means to the observers that read it.
  @inlinable
  public func didReplace() {
    ChangeList.noteEnding()
    ChangeList.noteWrite(of: _$registrar, ~0, Strategy.self)
  }
}

/// The identity of a state value (TCA's `_$id`): the never-reused number of its
/// registrar.
public struct StateIdentity: Hashable, Sendable {
  /// The registrar's `identity`.
  public let rawValue: UInt64

  @inlinable
  init(_ rawValue: UInt64) { self.rawValue = rawValue }
}
