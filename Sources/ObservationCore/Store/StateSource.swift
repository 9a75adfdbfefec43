/// Where a store's state comes from: the root's own storage, or a path into its
/// parent's state.
///
/// Child stores hold no state of their own: each read walks up to the root and back
/// down the path, so a read through a child store passes through every ancestor's
/// accessor and records the ancestors' fields as well (TCA's stores work alike).
/// Every call happens under the tree's guard.
@usableFromInline
class StateSource<State> {
  @usableFromInline
  init() {}

  /// Calls `body` with the current state.
  @usableFromInline
  func read<R>(_ body: (State) -> R) -> R {
    preconditionFailure("subclass responsibility")
  }

  /// Whether the state still exists: false once an optional child became nil or
  /// a row was removed. Reads then see the last value read; sends are dropped.
  @usableFromInline
  var isPresent: Bool { true }
}

/// The root store's state and reducer.
///
/// The state lives in memory of its own rather than in a stored property: the
/// tree's guard already gives the reducer exclusive access, and `inout` access to
/// a class property would add a dynamic exclusivity check to every send.
@usableFromInline
final class RootSource<State, Action>: StateSource<State> {
  @usableFromInline let state: UnsafeMutablePointer<State>
  @usableFromInline let reducer: Reducer<State, Action>

  init(state: State, reducer: @escaping Reducer<State, Action>) {
    self.state = .allocate(capacity: 1)
    self.state.initialize(to: state)
    self.reducer = reducer
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  override func read<R>(_ body: (State) -> R) -> R {
    body(state.pointee)
  }

  /// Reduces `action` and every follow-up action its effects send, in order.
  @inlinable
  func reduce(_ action: Action) {
    let effect = reducer(&state.pointee, action)
    if case .none = effect { return }
    run(effect)
  }

  @usableFromInline
  func run(_ effect: Effect<Action>) {
    switch effect {
    case .none:
      return
    case .send(let next):
      run(reducer(&state.pointee, next))
    case .merge(let effects):
      for effect in effects { run(effect) }
    }
  }
}

/// A child state at a key path of its parent's.
final class KeyPathSource<Parent, State>: StateSource<State> {
  let parent: StateSource<Parent>
  let keyPath: KeyPath<Parent, State>

  init(parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>) {
    self.parent = parent
    self.keyPath = keyPath
  }

  override func read<R>(_ body: (State) -> R) -> R {
    parent.read { body($0[keyPath: keyPath]) }
  }

  override var isPresent: Bool { parent.isPresent }
}

/// A child state that may go away: an optional (presented) child, or one row of
/// an identified collection. It ends for good the first time it is found missing
/// or replaced by a state of another identity.
final class EndingSource<Parent, State: ObservableState>: StateSource<State> {
  let parent: StateSource<Parent>
  let find: (Parent) -> State?
  private var last: State
  private var ended = false

  init(parent: StateSource<Parent>, initial: State, find: @escaping (Parent) -> State?) {
    self.parent = parent
    self.find = find
    self.last = initial
  }

  override func read<R>(_ body: (State) -> R) -> R {
    if ended { return body(last) }
    return parent.read { parentState in
      if let current = find(parentState), current._$identity == last._$identity {
        last = current
      } else {
        ended = true
      }
      return body(last)
    }
  }

  override var isPresent: Bool {
    if ended || !parent.isPresent { return false }
    return parent.read { parentState in
      guard let current = find(parentState), current._$identity == last._$identity else {
        ended = true
        return false
      }
      return true
    }
  }
}
