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

  /// The untracked-access checking refinements (`+checked`).
  static let checked = StrategyCatalog.checked.map { $0.id }

  /// The matrix with each `+checked` refinement right after the strategy it
  /// refines, so that a report shows the two side by side.
  static let matrixWithChecked = matrix.flatMap { id in
    checked.contains(id + "+checked") ? [id, id + "+checked"] : [id]
  }

  /// Only the strategies that have a `+checked` refinement, each followed by it.
  static let checkedPairs = checked.flatMap { [String($0.dropLast("+checked".count)), $0] }

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
