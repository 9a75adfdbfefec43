/// ``Counter`` with no observation: two stored integers.
final class PlainCounter {
  var count = 0
  var other = 0
}
