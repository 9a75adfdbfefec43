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
    body(&storage.pointee)
  }

  /// Reduces `action` and every follow-up action its effects send.
  func send(_ action: Action) {
    run(reducer(&storage.pointee, action))
  }

  private func run(_ effect: Effect<Action>) {
    switch effect {
    case .none: return
    case .send(let next): run(reducer(&storage.pointee, next))
    case .merge(let effects): for effect in effects { run(effect) }
    }
  }
}
