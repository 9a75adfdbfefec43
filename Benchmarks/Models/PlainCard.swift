/// ``Card`` with no observation: four stored integers.
final class PlainCard: CardFields {
  var likes = 0
  var replies = 1
  var shares = 2
  var views = 3
}
