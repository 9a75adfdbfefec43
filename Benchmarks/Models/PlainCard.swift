import BenchmarkKit

/// ``Card`` with no observation: four stored integers.
final class PlainCard {
  var likes = 0
  var replies = 1
  var shares = 2
  var views = 3

  /// Reads the first `fields` fields (1 to 4), each once (see ``Card``).
  @inline(__always)
  func render(fields: Int) {
    blackHole(likes)
    if fields > 1 { blackHole(replies) }
    if fields > 2 { blackHole(shares) }
    if fields > 3 { blackHole(views) }
  }
}
