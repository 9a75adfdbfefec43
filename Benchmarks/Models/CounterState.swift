import ObservationCore

/// A store state with two observed integers: the state of the `store-send`
/// workloads.
struct CounterState<S: ObservationStrategy>: ObservableState {
  typealias Strategy = S
  let _$registrar = S.Registrar()

  private var _count = 0
  private var _other = 0

  var count: Int {
    get { access(0); return _count }
    set { _count = newValue; didSet(0) }
  }

  var other: Int {
    get { access(1); return _other }
    set { _other = newValue; didSet(1) }
  }
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
