import ObservationCore

/// The struct screen of send-changes-nothing: its child feature's `count`, read
/// through the child's store as the child's view holds it.
final class ScreenReader<S: ObservationStrategy>: CoreReaderScreen {
  /// The root store.
  let store: Store<ScreenState<S>, ScreenAction>
  /// The child feature's store.
  let profile: Store<ProfileState<S>, ScreenAction>

  init() {
    let store = Store(initialState: ScreenState<S>(), reducer: screenReducer)
    self.store = store
    profile = store.scope(state: .get(\.profile, { $0.profile }), action: { $0 })
  }

  @inline(__always)
  func read() -> Int {
    // `read` rather than the dynamic member: a key path literal in generic code
    // is instantiated at run time (see reads/store-member).
    profile.read { $0.count }
  }

  @inline(__always)
  func refresh(count: Int) {
    store.send(.refreshed(count: count))
  }
}

extension AppleScreen: AppleReaderScreen {
  /// Reads `profile.count` (see ``ScreenReader/read()``).
  @inline(__always)
  func read() -> Int { profile.count }
}
