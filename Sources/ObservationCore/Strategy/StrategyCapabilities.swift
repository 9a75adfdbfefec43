/// What a strategy can do, read off its types: where its models may be used,
/// whether it tracks across `await`, how finely it invalidates, which
/// refinements it carries.
///
/// Every list of strategies a benchmark or a test runs over is a filter on these,
/// never on an id's spelling, so a strategy added to the catalog (or defined
/// outside this module) lands in every suite its capabilities allow — the
/// contention suite and the concurrency stress tests included — with no list
/// edited by hand.
public struct StrategyCapabilities: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8

  /// Creates a set from its raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Models and stores may be used from any thread, several at once
  /// (`RegistrarIsolation.anyThread`).
  public static let usableFromAnyThread = StrategyCapabilities(rawValue: 1 << 0)
  /// Models and stores must be used in `ObservationActor`'s isolation
  /// (`RegistrarIsolation.observationActor`).
  public static let needsObservationActor = StrategyCapabilities(rawValue: 1 << 1)
  /// `withTracking` takes an `async` closure and tracks reads after an `await`
  /// (`TrackingScope.followsTasks`).
  public static let asyncTracking = StrategyCapabilities(rawValue: 1 << 2)
  /// A write reaches only the observers of the field written
  /// (`InvalidationPolicy.isPerField`).
  public static let perField = StrategyCapabilities(rawValue: 1 << 3)
  /// Stores skip observers of a child state that kept its identity (`+identity`).
  public static let identitySkipping = StrategyCapabilities(rawValue: 1 << 4)
  /// Untracked reads in a render are reported (`+checked`).
  public static let untrackedChecking = StrategyCapabilities(rawValue: 1 << 5)
}

extension ObservationStrategy {
  /// The strategy's capabilities, derived from its registrar, scope and
  /// invalidation types and its refinement flags.
  public static var capabilities: StrategyCapabilities {
    var set: StrategyCapabilities = []
    switch Registrar.isolation {
    case .anyThread: set.insert(.usableFromAnyThread)
    case .observationActor: set.insert(.needsObservationActor)
    }
    if Scope.followsTasks { set.insert(.asyncTracking) }
    if Invalidation.isPerField { set.insert(.perField) }
    if skipsUnchangedIdentity { set.insert(.identitySkipping) }
    if checksUntrackedAccess { set.insert(.untrackedChecking) }
    return set
  }
}
