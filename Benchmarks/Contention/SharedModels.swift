import CoreModels
import Observation
import ObservationCore
import Synchronization

/// ``SharedCounter`` on Swift's `Observation` module: a computed property with
/// the registrar calls the macro would make, over atomic storage.
@Observable
final class AppleSharedCounter: @unchecked Sendable {
  @ObservationIgnored private let storage = Atomic<Int>(0)

  var value: Int {
    access(keyPath: \.value)
    return storage.load(ordering: .relaxed)
  }

  /// Adds one, notifying the observers of `value`.
  func increment() {
    withMutation(keyPath: \.value) { _ = storage.add(1, ordering: .relaxed) }
  }
}

/// ``SharedCounter`` with no observation.
final class PlainSharedCounter: Sendable {
  private let storage = Atomic<Int>(0)

  /// The count.
  var value: Int { storage.load(ordering: .relaxed) }

  /// Adds one.
  func increment() {
    storage.add(1, ordering: .relaxed)
  }
}

/// A plain store usable from any thread: the counter state and reducer behind a
/// mutex, as the core's lock stores guard theirs.
final class PlainSharedStore: Sendable {
  private let state = Mutex(PlainCounterState())

  /// The count, read under the lock.
  var count: Int { state.withLock { $0.count } }

  /// Reduces `action` under the lock.
  func send(_ action: CounterAction) {
    state.withLock { _ = plainCounterReducer(&$0, action) }
  }
}
