import ObservationCore

/// A store with no observation: a plain class holding a struct state and running
/// a reducer and its effects, the floor under ``ObservationCore/Store``.
///
/// It runs the same kind of reducer on a plain state of the same shape, so a
/// `none` row shows what a `send` costs before any observation.
final class PlainStore<State, Action> {
  /// The state.
  private(set) var state: State
  private let reducer: (inout State, Action) -> Effect<Action>

  init(initialState: State, reducer: @escaping (inout State, Action) -> Effect<Action>) {
    self.state = initialState
    self.reducer = reducer
  }

  /// Reduces `action` and every follow-up action its effects send.
  func send(_ action: Action) {
    run(reducer(&state, action))
  }

  private func run(_ effect: Effect<Action>) {
    switch effect {
    case .none: return
    case .send(let next): run(reducer(&state, next))
    case .merge(let effects): for effect in effects { run(effect) }
    }
  }
}
