import BenchmarkKit
import Observation
import ObservationCore

/// A screen of the core whose one value n readers show: what a reader reads,
/// and the send of a refresh.
///
/// The unchanged-send scenarios differ only in this: a struct screen read
/// through its child's store (``ScreenReader``) and an enum session switched on
/// (``SessionReader``). ``CoreReaders`` does the rest for both.
///
/// A class, so that a reader's scope captures one reference, as it would
/// capture the one store it reads.
protocol CoreReaderScreen: AnyObject {
  /// A screen in its starting state, its stores created.
  init()
  /// Reads the value a reader shows: called in the reader's tracking scope.
  func read() -> Int
  /// Sends a refresh that came back with `count`.
  func refresh(count: Int)
}

/// n readers of a ``CoreReaderScreen``, each a one-shot render scope re-rendered
/// after it fires.
///
/// Create, refresh and cancel it in the strategy's isolation.
final class CoreReaders<S: ObservationStrategy, Screen: CoreReaderScreen> {
  /// The screen and its stores.
  let screen: Screen
  /// The readers whose scopes fired.
  let queue: RenderQueue
  private var tokens: ContiguousArray<ObservationToken?>
  private let count: Int

  /// A screen with `readers` readers, each rendered once.
  init(readers: Int) {
    screen = Screen()
    queue = RenderQueue(rows: readers)
    tokens = ContiguousArray(repeating: nil, count: readers)
    count = identity(0)
    for reader in 0..<readers { render(reader) }
  }

  /// Renders reader `reader`: a one-shot scope reading the screen's value.
  @inline(__always)
  func render(_ reader: Int) {
    let queue = self.queue
    let screen = self.screen
    tokens[reader] = S.withTracking({ blackHole(screen.read()) }, onChange: { queue.push(reader) }).token
  }

  /// Sends the refresh that returns the count already held, then re-renders
  /// every reader that fired.
  @inline(__always)
  func refresh() {
    screen.refresh(count: count)
    queue.drain { render($0) }
  }

  /// Cancels every reader still armed.
  func cancel() {
    for token in tokens { token?.cancel() }
  }
}

/// A screen model on Swift's `Observation` module whose one value n readers
/// show: ``CoreReaderScreen`` for ``AppleReaders``.
protocol AppleReaderScreen: AnyObject {
  /// A model in its starting state.
  init()
  /// Reads the value a reader shows: called in the reader's tracking scope.
  func read() -> Int
  /// Applies a refresh that came back with `count`.
  func refreshed(count: Int)
}

/// ``CoreReaders`` on Swift's `Observation` module: n readers, each re-armed
/// with `withObservationTracking` after it fires.
///
/// Apple has no cancel: the armed scopes end with the model.
final class AppleReaders<Screen: AppleReaderScreen> {
  /// The screen model.
  let screen = Screen()
  /// The readers whose scopes fired.
  let queue: RenderQueue
  private let count: Int

  /// A screen with `readers` readers, each rendered once.
  init(readers: Int) {
    queue = RenderQueue(rows: readers)
    count = identity(0)
    for reader in 0..<readers { render(reader) }
  }

  /// Renders reader `reader` (see ``CoreReaders/render(_:)``).
  @inline(__always)
  func render(_ reader: Int) {
    let queue = self.queue
    let screen = self.screen
    withObservationTracking({ blackHole(screen.read()) }, onChange: { queue.push(reader) })
  }

  /// Applies the refresh that returns the count already held, then re-renders
  /// every reader that fired.
  @inline(__always)
  func refresh() {
    screen.refreshed(count: count)
    queue.drain { render($0) }
  }
}
