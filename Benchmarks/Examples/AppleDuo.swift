import Observation

/// ``Duo`` on Swift's `Observation` module: the `apple` row of its scenarios.
@Observable
final class AppleDuo: @unchecked Sendable {
  var left = 0
  var right = 0
}
