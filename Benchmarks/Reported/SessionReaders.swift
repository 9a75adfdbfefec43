import BenchmarkKit
import Observation
import ObservationCore

/// A session store of the core, signed in, whose count is shown by n readers,
/// each a render scope switching on the root's state and reading the case's
/// count, re-rendered after it fires.
///
/// Create, refresh and cancel it in the strategy's isolation.
final class CoreSessionReaders<S: ObservationStrategy> {
  /// The root store.
  let store: Store<SessionState<S>, SessionAction>
  /// The readers whose scopes fired.
  let queue: RenderQueue
  private var tokens: ContiguousArray<ObservationToken?>
  private let count: Int

  /// A signed-in session with `readers` readers, each rendered once.
  init(readers: Int) {
    store = Store(initialState: .signedIn(ProfileState<S>()), reducer: sessionReducer)
    queue = RenderQueue(rows: readers)
    tokens = ContiguousArray(repeating: nil, count: readers)
    count = identity(0)
    for reader in 0..<readers { render(reader) }
  }

  /// Renders reader `reader`: a one-shot scope switching on the state.
  @inline(__always)
  func render(_ reader: Int) {
    let queue = self.queue
    let store = self.store
    tokens[reader] = S.withTracking(
      {
        blackHole(
          store.read { state in
            switch state {
            case .signedOut: -1
            case .signedIn(let profile): profile.count
            }
          })
      }, onChange: { queue.push(reader) }
    ).token
  }

  /// Sends the refresh that returns the count already held, then re-renders
  /// every reader that fired.
  @inline(__always)
  func refresh() {
    store.send(.refreshed(count: count))
    queue.drain { render($0) }
  }

  /// Cancels every reader still armed.
  func cancel() {
    for token in tokens { token?.cancel() }
  }
}

/// ``CoreSessionReaders`` on Swift's `Observation` module: n readers switching
/// on `session.phase`, each re-armed after it fires.
///
/// Apple has no cancel: the armed scopes end with the model.
final class AppleSessionReaders {
  /// The session model.
  let session = AppleSession()
  /// The readers whose scopes fired.
  let queue: RenderQueue
  private let count: Int

  /// A signed-in session with `readers` readers, each rendered once.
  init(readers: Int) {
    queue = RenderQueue(rows: readers)
    count = identity(0)
    for reader in 0..<readers { render(reader) }
  }

  /// Renders reader `reader` (see ``CoreSessionReaders/render(_:)``).
  @inline(__always)
  func render(_ reader: Int) {
    let queue = self.queue
    let session = self.session
    withObservationTracking(
      {
        switch session.phase {
        case .signedOut: blackHole(-1)
        case .signedIn(let count): blackHole(count)
        }
      }, onChange: { queue.push(reader) })
  }

  /// Applies the refresh that returns the count already held, then re-renders
  /// every reader that fired.
  @inline(__always)
  func refresh() {
    session.refreshed(count: count)
    queue.drain { render($0) }
  }
}
