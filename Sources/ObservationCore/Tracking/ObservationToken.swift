/// Cancels an observation started by `withTracking` or `observe`.
///
/// Dropping a token does not cancel: a one-shot observation still fires once, like
/// Observation's `withObservationTracking`. An observation whose models all died
/// can never fire: it ends by itself, and is freed with its closure once its token
/// is gone. Cancel explicitly to end an observation of models that live on; a
/// cancelled observation leaves no trace in any registrar.
///
/// Unchecked: its observer is shared safely between threads (see `Observer`),
/// but cannot say so in its type.
public struct ObservationToken: @unchecked Sendable {
  let observer: Observer?

  init(_ observer: Observer?) {
    self.observer = observer
  }

  /// Stops the observation. Idempotent; does nothing after a one-shot fired.
  ///
  /// Guarantee, for one-shot and persistent observations alike: once `cancel()`
  /// has returned, a call of `onChange` that had not started never starts — also
  /// when the cancel comes from another observer's `onChange` during the same
  /// write, or from another thread. `cancel()` does not wait for a call already
  /// running on another thread: it may still be running when `cancel()` returns
  /// (as with Observation). To wait for it, have `onChange` signal its end (a
  /// lock or a semaphore it holds while it runs) and take that after cancelling.
  ///
  /// For `ActorRegistrar` strategies, call it in `ObservationActor`'s isolation.
  public func cancel() {
    observer?.cancel()
  }

  /// Whether the observation can still fire: false once a one-shot observation
  /// fired, once it was cancelled, once every model it watched died, and when the
  /// scope read nothing.
  public var isActive: Bool {
    observer?.isArmed ?? false
  }
}

/// What a tracking closure returned, and the token of the observation it started.
public struct Tracking<Value> {
  /// The value the tracking closure returned.
  public let value: Value
  /// Cancels the observation.
  public let token: ObservationToken
}

extension Tracking: Sendable where Value: Sendable {}
