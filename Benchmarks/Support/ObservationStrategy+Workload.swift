import BenchmarkKit
import ObservationCore

extension ObservationStrategy {
  /// Whether the strategy's models and stores must be used on `ObservationActor`.
  static var usesActor: Bool { Registrar.self == ActorRegistrar.self }

  /// Whether any write reaches every observer of an object or store tree.
  static var isWhole: Bool { !Invalidation.isPerField }

  /// Whether stores skip ancestors whose child kept its identity.
  static var isIdentity: Bool { skipsUnchangedIdentity }

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
  ///   - run: Performs the operation the given number of times.
  ///   - notifications: A cumulative count of `onChange` calls.
  ///   - expected: The notifications one operation must cause, or `nil`.
  ///   - tearDown: Cancels observations and drops models, in `S`'s isolation.
  static func core<S: ObservationStrategy>(
    _ strategy: S.Type,
    run: @escaping (_ iterations: Int) -> Void,
    notifications: (() -> Int)? = nil,
    expected: Double? = nil,
    tearDown: (() -> Void)? = nil
  ) -> PreparedCase {
    PreparedCase(
      run: run,
      notifications: notifications,
      expectedNotificationsPerOperation: expected,
      isolation: S.timingIsolation,
      tearDown: tearDown.map { tearDown in { S.inIsolation(tearDown) } }
    )
  }
}
