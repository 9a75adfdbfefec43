import BenchmarkKit
import ObservationCore

extension ObservationStrategy {
  /// Whether the strategy's models and stores must be used on `ObservationActor`.
  static var usesActor: Bool { capabilities.contains(.needsObservationActor) }

  /// Whether any write reaches every observer of an object or store tree.
  static var isWhole: Bool { !Invalidation.isPerField }

  /// Whether stores skip ancestors whose child kept its identity.
  static var isIdentity: Bool { skipsUnchangedIdentity }

  /// Whether this is the store floor (``StoreFloor``), which observes nothing.
  static var isStoreFloor: Bool { StoreFloor.isFloor(Self.self) }

  /// The isolation a case of this strategy is timed in: `ObservationActor` for
  /// actor registrars, so that the whole loop runs there and no hop is timed.
  static var timingIsolation: ((_ body: @escaping () -> Void) -> Void)? {
    usesActor ? PreparedCase.isolation(of: ObservationActor.shared) : nil
  }

  /// Runs set-up or tear-down code where the strategy's models may be used, and
  /// returns its value.
  ///
  /// Actor models are made, observed and cancelled on `ObservationActor` (debug
  /// builds check), like their timing; the caller's thread waits.
  static func inIsolation<T>(_ body: @escaping () -> T) -> T {
    guard let isolation = timingIsolation else { return body() }
    // Escaping: the isolation hands the closure to a task, which may release it
    // only after our wait ends.
    var result: T?
    isolation { result = body() }
    return result!
  }
}

extension PreparedCase {
  /// A case of core strategy `S`: timed in `S`'s isolation, torn down in it.
  ///
  /// - Parameters:
  ///   - strategy: The core strategy.
  ///   - operationsPerIteration: 1, or ``unrollFactor`` when `run` uses
  ///     `repeatUnrolled`.
  ///   - run: Performs the given number of loop iterations.
  ///   - notifications: A cumulative count of `onChange` calls.
  ///   - expected: The notifications one operation must cause, or `nil`;
  ///     0 for the store floor wherever `notifications` counts.
  ///   - context: Wraps every timing (see ``timed(within:)``), inside `S`'s
  ///     isolation; `nil` when nothing surrounds the timed loop.
  ///   - tearDown: Cancels observations and drops models, in `S`'s isolation.
  static func core<S: ObservationStrategy>(
    _ strategy: S.Type,
    operationsPerIteration: Int = 1,
    run: @escaping (_ iterations: Int) -> Void,
    notifications: (() -> Int)? = nil,
    expected: Double? = nil,
    context: ((_ timing: () -> Void) -> Void)? = nil,
    tearDown: (() -> Void)? = nil
  ) -> PreparedCase {
    let isolation: ((_ body: @escaping () -> Void) -> Void)?
    switch (S.timingIsolation, context) {
    case (let outer?, let context?): isolation = { body in outer { context(body) } }
    case (nil, let context?): isolation = timed(within: context)
    case (let outer, nil): isolation = outer
    }
    return PreparedCase(
      operationsPerIteration: operationsPerIteration,
      run: run,
      notifications: notifications,
      // The store floor notifies nobody: whatever it counts must be 0.
      expectedNotificationsPerOperation: S.isStoreFloor ? notifications.map { _ in 0 } : expected,
      isolation: isolation,
      tearDown: tearDown.map { tearDown in { S.inIsolation(tearDown) } }
    )
  }

  /// An isolation function that runs every timing of a case inside `context`.
  ///
  /// The runner calls a case's isolation once per calibration and once per sample
  /// with a closure that does the whole timing (clock readings included), so what
  /// `context` does before and after calling `timing` is set-up and tear-down
  /// outside the measured region: opening the tracking scope the timed reads are
  /// made in and ending it, or resetting state a sample must start from.
  static func timed(
    within context: @escaping (_ timing: () -> Void) -> Void
  ) -> (_ body: @escaping () -> Void) -> Void {
    { body in context(body) }
  }
}
