/// ``Duo`` with no observation: the `none` row (the floor) of its scenarios.
final class PlainDuo {
  var left = 0
  var right = 0
}
