import BenchmarkKit
import Observation
import ObservationCore

/// A screen store of the core whose child feature's `count` is shown by n
/// readers, each a render scope reading it through the child's store and
/// re-rendered after it fires.
///
/// Create, refresh and cancel it in the strategy's isolation.
final class CoreScreenReaders<S: ObservationStrategy> {
  /// The root store.
  let store: Store<ScreenState<S>, ScreenAction>
  /// The child feature's store, as its view holds it.
  let profile: Store<ProfileState<S>, ScreenAction>
  /// The readers whose scopes fired.
  let queue: RenderQueue
  private var tokens: ContiguousArray<ObservationToken?>
  private let count: Int

  /// A screen with `readers` readers, each rendered once.
  init(readers: Int) {
    let store = Store(initialState: ScreenState<S>(), reducer: screenReducer)
    self.store = store
    profile = store.scope(state: \.profile, get: { $0.profile }, action: { $0 })
    queue = RenderQueue(rows: readers)
    tokens = ContiguousArray(repeating: nil, count: readers)
    count = identity(0)
    for reader in 0..<readers { render(reader) }
  }

  /// Renders reader `reader`: a one-shot scope reading the child's count.
  @inline(__always)
  func render(_ reader: Int) {
    let queue = self.queue
    let profile = self.profile
    // `read` rather than the dynamic member: a key path literal in generic code
    // is instantiated at run time (see reads/store-member).
    tokens[reader] = S.withTracking({ blackHole(profile.read { $0.count }) }, onChange: { queue.push(reader) }).token
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

/// ``CoreScreenReaders`` on Swift's `Observation` module: n readers of
/// `screen.profile.count`, each re-armed after it fires.
///
/// Apple has no cancel: the armed scopes end with the models.
final class AppleScreenReaders {
  /// The screen model.
  let screen = AppleScreen()
  /// The readers whose scopes fired.
  let queue: RenderQueue
  private let count: Int

  /// A screen with `readers` readers, each rendered once.
  init(readers: Int) {
    queue = RenderQueue(rows: readers)
    count = identity(0)
    for reader in 0..<readers { render(reader) }
  }

  /// Renders reader `reader` (see ``CoreScreenReaders/render(_:)``).
  @inline(__always)
  func render(_ reader: Int) {
    let queue = self.queue
    let screen = self.screen
    withObservationTracking({ blackHole(screen.profile.count) }, onChange: { queue.push(reader) })
  }

  /// Applies the refresh that returns the count already held, then re-renders
  /// every reader that fired.
  @inline(__always)
  func refresh() {
    screen.refreshed(count: count)
    queue.drain { render($0) }
  }
}
