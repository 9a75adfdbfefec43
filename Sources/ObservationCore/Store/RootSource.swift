/// The root store's state and reducer.
///
/// The state lives in memory of its own rather than in a stored property: the
/// tree's guard already gives the reducer exclusive access, and `inout` access to
/// a class property would add a dynamic exclusivity check to every send.
@usableFromInline
final class RootSource<State: ObservableState, Action>: StateSource<State> {
  @usableFromInline let state: UnsafeMutablePointer<State>
  @usableFromInline let reducer: Reducer<State, Action>
  /// The registrar of the root state as of the last send, held so that a reducer
  /// replacing the root as a whole (`state = State()`) is seen, and so that the
  /// old root's observers can be handed to the new one. Guarded by the tree's
  /// guard (a dynamic exclusivity check would cost every send).
  @exclusivity(unchecked) @usableFromInline var rootRegistrar: State.Strategy.Registrar

  @usableFromInline
  init(state: State, reducer: @escaping Reducer<State, Action>) {
    self.state = .allocate(capacity: 1)
    self.state.initialize(to: state)
    self.reducer = reducer
    self.rootRegistrar = state._$registrar
  }

  deinit {
    state.deinitialize(count: 1)
    state.deallocate()
  }

  override func read<R>(_ body: (State) -> R) -> R {
    body(state.pointee)
  }

  override func pathFromRoot() -> PathFromRoot<State>? {
    RootedKeyPath(root: self, keyPath: \State.self)
  }

  @usableFromInline
  override func projection() -> () -> State {
    // The memory outlives every child source: each holds its parent.
    let state = self.state
    return { state.pointee }
  }

  /// Made anew for each call: only scoping a located child asks, and a root
  /// store that has none pays no allocation for it.
  @usableFromInline
  override func locatedPath() -> LocatedPath? {
    LocatedPath(root: UnsafeMutableRawPointer(state))
  }

  /// Reduces `action` and every follow-up action its effects send, in order.
  @inlinable
  func reduce(_ action: Action) {
    let effect = reducer(&state.pointee, action)
    if case .none = effect { return }
    run(effect)
  }

  /// Whether the reducer replaced the root state as a whole since the last send.
  @inlinable @inline(__always)
  var rootWasReplaced: Bool { state.pointee._$registrar !== rootRegistrar }

  /// Notes the replacement of the root as a change of every field of it, and
  /// makes the old root's observers observe the new root, so that persistent
  /// observers keep working after `state = State()`. Called in the send, under
  /// the tree's guard.
  @usableFromInline
  func didReplaceRoot() {
    let new = state.pointee._$registrar
    typealias S = State.Strategy
    // Every child state of the old root may be gone.
    ChangeList.noteEnding()
    if S.Invalidation.isPerField, !new.adoptObservers(of: rootRegistrar) {
      // The new root has observers of its own (it was observed before it became
      // the root): the old root's observers are notified and stay where they are.
      ChangeList.noteWrite(of: rootRegistrar, ~0, S.self)
    }
    ChangeList.noteWrite(of: new, ~0, S.self)
    rootRegistrar = new
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
