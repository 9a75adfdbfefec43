import ObservationCore

/// A store with no observation: a plain class holding a struct state and running
/// a reducer and its effects, the floor under ``ObservationCore/Store``.
///
/// It runs the same kind of reducer on a plain state of the same shape, so a
/// `none` row shows what a `send` costs before any observation.
final class PlainStore<State, Action> {
  // The state lives in memory of its own, as the core's root state does: a
  // stored `var` of a class would add a dynamic exclusivity check to every
  // send and read, which the floor must not pay when the core does not.
  private let storage: UnsafeMutablePointer<State>
  private let reducer: (inout State, Action) -> Effect<Action>

  init(initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>) {
    storage = .allocate(capacity: 1)
    storage.initialize(to: initialState)
    self.reducer = reducer
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// The state.
  var state: State { storage.pointee }

  /// Calls `body` with the state where it is stored, without copying it.
  @inline(__always)
  func withState<R>(_ body: (UnsafePointer<State>) -> R) -> R {
    body(storage)
  }

  /// Mutates the state in place, without a reducer: the floor of a write.
  @inline(__always)
  func modify(_ body: (inout State) -> Void) {
    version &+= 1
    body(&storage.pointee)
  }

  /// How many sends have changed the state: a scoped reader's cache of where its
  /// part of the state lives is good while this stays the same
  /// (``PlainNodeHandle``), as a child store's memo is until the next send.
  private(set) var version = 0

  /// Reduces `action` and every follow-up action its effects send. A reducer
  /// that returns no effect (the common case) costs no further call, as in the
  /// core's root.
  @inline(__always)
  func send(_ action: Action) {
    version &+= 1
    let effect = reducer(&storage.pointee, action)
    if case .none = effect { return }
    run(effect)
  }

  private func run(_ effect: Effect<Action>) {
    switch effect {
    case .none: return
    case .send(let next): run(reducer(&storage.pointee, next))
    case .merge(let effects): for effect in effects { run(effect) }
    }
  }
}
