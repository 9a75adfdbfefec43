import ObservationCore

/// The strategy lists scenarios declare, in report order.
enum StrategyIDs {
  /// Swift's `Observation` module.
  static let apple = "apple"
  /// No observation: the floor.
  static let none = "none"

  /// The eight strategies of the matrix.
  static let matrix = StrategyCatalog.ids
  /// The identity-skipping refinements; only stores tell them apart.
  static let refinements = StrategyCatalog.refinements.map { $0.id }

  /// Object workloads: the matrix, then apple and none.
  static let objects = matrix + [apple, none]
  /// Object workloads where plain code has nothing to do (pure observation).
  static let objectsObserved = matrix + [apple]
  /// Store workloads: the matrix, its refinements, then apple and none.
  static let stores = matrix + refinements + [apple, none]

  /// The strategies whose models may be used from any thread.
  static let lock = matrix.filter { $0.hasPrefix("lock-") }
  /// The strategies whose models live on `ObservationActor`.
  static let actor = matrix.filter { $0.hasPrefix("actor-") }
}
