import ObservationCore

/// One strategy as a Swift Testing argument, named by its id.
struct StrategyCase: Sendable, CustomTestStringConvertible {
  let type: any ObservationStrategy.Type
  var testDescription: String { type.id }

  static let all = StrategyCatalog.all.map(StrategyCase.init)
  /// The matrix and its refinements: what the store tests run over.
  static let withRefinements = (StrategyCatalog.all + StrategyCatalog.refinements).map(StrategyCase.init)
  static let lock = all.filter { $0.type.id.hasPrefix("lock-") }
  static let task = all.filter { $0.type.id.contains("-task-") }
  static let thread = all.filter { $0.type.id.contains("-thread-") }
}

import Testing

extension ObservationStrategy {
  /// Whether the strategy reaches every observer of an object on any write.
  static var isWhole: Bool { Invalidation.self == WholeInvalidation.self }

  /// Whether the strategy skips notifying observers of a child that kept its identity.
  static var isIdentity: Bool { skipsUnchangedIdentity }

  /// Whether models of the strategy must be used on `ObservationActor`.
  static var needsActor: Bool { Registrar.self == ActorRegistrar.self }

  /// Runs `body` where the strategy's models may be used: in `ObservationActor`'s
  /// isolation for actor registrars, where it is called from otherwise.
  static func isolated<T: Sendable>(_ body: @Sendable () -> T) async -> T {
    if needsActor {
      return await ObservationActor.run { body() }
    }
    return body()
  }
}
