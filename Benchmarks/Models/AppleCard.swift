import Observation

/// ``Card`` on Swift's `Observation` module: an `@Observable` class with the
/// same four integers.
@Observable
final class AppleCard: CardFields, @unchecked Sendable {
  var likes = 0
  var replies = 1
  var shares = 2
  var views = 3
}
