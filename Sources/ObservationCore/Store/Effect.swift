/// What a reducer asks the store to do after it changed the state.
public enum Effect<Action> {
  /// Nothing.
  case none
  /// Reduce `action` next, within the same `send`, before anyone is notified.
  case send(Action)
  /// Run each effect, in order.
  case merge([Effect<Action>])
}

/// The reducer of a store: changes the state for an action and says what follows.
public typealias Reducer<State, Action> = (inout State, Action) -> Effect<Action>
