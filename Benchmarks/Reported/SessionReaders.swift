import ObservationCore

/// The enum session of send-changes-nothing-enum, signed in: its count, read by
/// switching on the root's state.
final class SessionReader<S: ObservationStrategy>: CoreReaderScreen {
  /// The root store.
  let store: Store<SessionState<S>, SessionAction>

  init() {
    store = Store(initialState: .signedIn(ProfileState<S>()), reducer: sessionReducer)
  }

  @inline(__always)
  func read() -> Int {
    store.read { state in
      switch state {
      case .signedOut: -1
      case .signedIn(let profile): profile.count
      }
    }
  }

  @inline(__always)
  func refresh(count: Int) {
    store.send(.refreshed(count: count))
  }
}

extension AppleSession: AppleReaderScreen {
  /// Switches on `phase` (see ``SessionReader/read()``).
  @inline(__always)
  func read() -> Int {
    switch phase {
    case .signedOut: -1
    case .signedIn(let count): count
    }
  }
}
