/// Carries a value across a concurrency boundary that the caller knows is safe.
///
/// The runner hands a timing closure to a case's isolation function, which runs it
/// on another executor while the calling thread waits; the wait orders every access,
/// which the compiler cannot see. Use it only for such hand-offs.
public struct UncheckedSendable<Value>: @unchecked Sendable {
  /// The carried value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }
}
