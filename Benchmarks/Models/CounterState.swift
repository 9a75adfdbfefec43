import ObservationCore

/// A store state with two observed integers: the state of the `store-send`
/// workloads.
struct CounterState<S: ObservationStrategy>: ObservableState {
  let _$registrar = S.Registrar()
  var _count: Int = 0
  var _other: Int = 0
}

/// ``CounterState`` with no observation.
struct PlainCounterState {
  var count = 0
  var other = 0
}

/// What the counter stores do.
enum CounterAction {
  /// Adds one to `count`.
  case increment
}

/// The counter stores' reducer: one field changes per action.
func counterReducer<S: ObservationStrategy>(
  _ state: inout CounterState<S>, _ action: CounterAction
) -> Effect<CounterAction> {
  switch action {
  case .increment: state.count += 1
  }
  return .none
}

/// ``counterReducer(_:_:)`` on the plain state.
func plainCounterReducer(_ state: inout PlainCounterState, _ action: CounterAction) -> Effect<CounterAction> {
  switch action {
  case .increment: state.count += 1
  }
  return .none
}
