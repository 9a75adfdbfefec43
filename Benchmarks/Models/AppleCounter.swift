import Observation

/// ``Counter`` on Swift's `Observation` module: an `@Observable` class with the
/// same two integers.
///
/// `@unchecked Sendable` so that `onChange` closures may re-arm on it; the
/// workloads use it from one thread at a time.
@Observable
final class AppleCounter: @unchecked Sendable {
  var count = 0
  var other = 0
}

extension AppleCounter {
  /// Adds one to `count`: the `send(.increment)` of a store, as a method.
  func increment() {
    count += 1
  }
}
