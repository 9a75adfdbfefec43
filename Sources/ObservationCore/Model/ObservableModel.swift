/// A class whose observed properties route reads and writes through a registrar,
/// written by hand in a few lines per property: the macro-free counterpart of
/// `@Observable`.
///
/// ```swift
/// final class Counter<S: ObservationStrategy>: ObservableModel {
///   typealias Strategy = S
///   let registrar = S.Registrar()
///
///   private var _count = 0
///   var count: Int {
///     get { access(0); return _count }
///     set { let write = willSet(0); _count = newValue; didSet(write) }
///   }
///
///   var scratch = 0  // ignored: a plain stored property is never observed
/// }
/// ```
///
/// Setters use `willSet`/`didSet`, which keep an unobserved write free of any
/// retain. For an Equatable property, return early when the new value equals the
/// stored one, as the `@Observable` macro does: no notification, no store. Mutate
/// collections in place inside `withMutation` (`withMutation(of: 1) {
/// _items.append(x) }`): the storage is modified where it lives, so a uniquely
/// referenced buffer is not copied.
///
/// Field indices are per registrar, and a subclass shares its superclass's
/// registrar: number a subclass's fields after the superclass's last one (publish
/// the superclass's field count, e.g. `class var fieldCount: Int { 3 }`, and start
/// there). A subclass that restarts at 0 reuses its superclass's bits: a write of
/// either notifies the observers of both.
///
/// When the model dies, observations of it are released: one that watched only
/// this model is freed (its closure with it) once its token is dropped; one that
/// also watches other live models is unlinked from this one and keeps watching
/// the others.
public protocol ObservableModel: AnyObject {
  /// The strategy the model is observed with.
  associatedtype Strategy: ObservationStrategy
  /// The model's registrar; create it with `Strategy.Registrar()`.
  var registrar: Strategy.Registrar { get }
}

extension ObservableModel {
  /// Records a read of `field` in the innermost open tracking scope.
  ///
  /// - Complexity: O(1), without a lock or an allocation when no scope is open or
  ///   when the scope read this object last.
  @inlinable @inline(__always)
  public func access(_ field: ObservedField) {
    if Strategy.checksUntrackedAccess {
      Strategy.Scope.recordChecked(
        registrar, Strategy.Invalidation.mask(for: field), model: self, field: field)
    } else {
      Strategy.Scope.record(registrar, Strategy.Invalidation.mask(for: field))
    }
  }

  /// Begins a write of `field`: fires its one-shot observers, if any. Store the
  /// new value, then pass the result to `didSet(_:)`.
  ///
  /// The closure-free form of `withMutation(of:_:)`, for setters: an unobserved
  /// write is one load and a branch (a closure capturing `self` would add a retain).
  @inlinable @inline(__always)
  public func willSet(_ field: ObservedField) -> FirePlan? {
    let mask = Strategy.Invalidation.mask(for: field)
    if registrar.isUnwatched(mask) { return nil }
    return registrar.willSet(mask)
  }

  /// Ends a write begun with `willSet(_:)`: notifies the persistent observers.
  @inlinable @inline(__always)
  public func didSet(_ pending: consuming FirePlan?) {
    if let pending { pending.didSet() }
  }

  /// Runs `mutation`, the write of `field`, notifying the observers that the
  /// strategy says it reaches.
  ///
  /// - Complexity: O(1) with nobody watching `field`; otherwise proportional to the
  ///   observers it reaches.
  @inlinable @inline(__always)
  public func withMutation<T, E: Error>(
    of field: ObservedField, _ mutation: () throws(E) -> T
  ) throws(E) -> T {
    let mask = Strategy.Invalidation.mask(for: field)
    // Testing before the mutation closure is formed keeps the unobserved write
    // free of the retain of `self` that the observed path needs.
    if registrar.isUnwatched(mask) { return try mutation() }
    return try registrar.withMutation(mask, mutation)
  }
}
