extension ObservationStrategy {
  /// Runs `apply`, tracking the observed fields it reads, and calls `onChange` once,
  /// on the first later mutation of any of them — before the new value is stored,
  /// like Observation's `withObservationTracking`.
  ///
  /// - Parameters:
  ///   - apply: reads the fields to observe; its reads are also added to an
  ///     enclosing scope.
  ///   - onChange: called at most once, on the mutating thread (on
  ///     `ObservationActor` for actor registrars). Evaluated only when `apply`
  ///     read something, as Observation takes it: a scope that read nothing
  ///     forms no closure, and retains nothing it would capture.
  /// - Returns: `apply`'s value and a token that cancels the observation; a scope
  ///   that read nothing installs nothing.
  @inlinable @discardableResult
  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    onChange: @autoclosure () -> @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    try Scope.withTracking(apply, persistent: false, onChange: onChange())
  }

  /// Runs `apply`, tracking the observed fields it reads, and calls `onChange` after
  /// every later mutation of any of them (once the new value is stored), until the
  /// returned token is cancelled.
  ///
  /// The set of observed fields is the one `apply` read; it is not re-evaluated.
  ///
  /// Unlike `withTracking`'s, its reads are not added to an enclosing scope:
  /// an observation set up inside another's closure is an observation of its
  /// own, with its own token, and the enclosing one re-runs only for what it
  /// read itself. Added to it, every level's read would reach the outermost
  /// scope, and one leaf change would re-run every ancestor observing nested
  /// state (swift-navigation issue 286; `reported/observe-cascade`).
  @inlinable
  public static func observe(
    _ apply: () -> Void,
    onChange: @autoclosure () -> @Sendable () -> Void
  ) -> ObservationToken {
    Scope.withTracking(apply, persistent: true, onChange: onChange()).token
  }
}

extension ObservationStrategy where Scope == TaskLocalScope {
  /// The async `withTracking`: `apply` may suspend, and reads after an `await` are
  /// tracked wherever the task resumes. Only task-local scopes offer it: a
  /// thread-local scope cannot follow a task across threads.
  @discardableResult
  public static func withTracking<T, E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ apply: () async throws(E) -> T,
    onChange: @escaping @Sendable () -> Void
  ) async throws(E) -> Tracking<T> {
    try await TaskLocalScope.withTracking(apply, persistent: false, onChange: onChange)
  }
}
