/// An observer of one subject that can go away, for
/// ``CoreRearmedObservation/observe(_:_:)``: what it reads, what it does on a
/// change, whether its subject is still there, and what it does when it is not.
protocol EndingObserver: AnyObject, Sendable {
  /// Reads what the observer depends on.
  func read()
  /// Called on every change of what `read` read, or of the subject's presence.
  func changed()
  /// Whether the subject is still there.
  var isLive: Bool { get }
  /// Called once, when a change finds the subject gone.
  func ended()
}
