/// A value a case replaces between samples, outside the timed region, and its
/// timed loop reads: e.g. a model made fresh for each sample.
final class Slot<Value> {
  /// The current value.
  var value: Value

  /// A slot holding `value`.
  init(_ value: Value) {
    self.value = value
  }
}
