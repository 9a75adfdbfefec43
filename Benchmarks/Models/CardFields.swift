import BenchmarkKit

/// The four integers of a card, however it is observed: ``Card`` on our
/// registrars, ``AppleCard`` on Swift's `Observation`, ``PlainCard`` on none.
///
/// The three renders are one extension, so they read the same fields in the
/// same order and can only differ in what reading a field costs.
protocol CardFields: AnyObject {
  var likes: Int { get }
  var replies: Int { get }
  var shares: Int { get }
  var views: Int { get }
}

extension CardFields {
  /// Reads the first `fields` fields (1 to 4) through their accessors, each
  /// once: what a row's body reads.
  @inline(__always)
  func render(fields: Int) {
    blackHole(likes)
    if fields > 1 { blackHole(replies) }
    if fields > 2 { blackHole(shares) }
    if fields > 3 { blackHole(views) }
  }
}
