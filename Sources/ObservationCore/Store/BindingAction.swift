/// A write of one field from a view-like caller, carried to the reducer as an
/// action so that every change of the state still goes through `send`.
public struct BindingAction<State>: @unchecked Sendable {
  /// The field written.
  public let keyPath: PartialKeyPath<State>
  private let write: (inout State) -> Void

  /// A binding that sets `keyPath` to `value`.
  public init<Value>(set keyPath: WritableKeyPath<State, Value>, to value: Value) {
    self.keyPath = keyPath
    self.write = { $0[keyPath: keyPath] = value }
  }

  /// Applies the write to `state`: what a reducer does with a binding action.
  public func apply(to state: inout State) {
    write(&state)
  }
}

/// An action that can carry binding writes: lets `store.field = value` become
/// `send(.binding(...))`.
public protocol BindableAction {
  /// The state the bindings write.
  associatedtype State
  /// Wraps a binding write as an action.
  static func binding(_ action: BindingAction<State>) -> Self
}
