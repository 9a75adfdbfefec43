/// Cancels an observation started by `withTracking` or `observe`.
///
/// Dropping a token does not cancel: a one-shot observation still fires once, like
/// Observation's `withObservationTracking`. Cancel explicitly to end an observation
/// that may never fire; a cancelled observation leaves no trace in any registrar.
public struct ObservationToken: Sendable {
  let observer: Observer?

  init(_ observer: Observer?) {
    self.observer = observer
  }

  /// Stops the observation. Idempotent; does nothing after a one-shot fired.
  ///
  /// For `ActorRegistrar` strategies, call it in `ObservationActor`'s isolation.
  public func cancel() {
    observer?.cancel()
  }

  /// Whether the observation can still fire: false once a one-shot observation
  /// fired, once it was cancelled, and when the scope read nothing.
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
