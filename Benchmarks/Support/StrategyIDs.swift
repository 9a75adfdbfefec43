import BenchmarkKit
import ObservationCore

/// The strategy lists scenarios declare, in report order, each a filter on the
/// capabilities of the strategies in ``StrategyRoster/current``.
///
/// No list names an id or tests its spelling: a strategy added to the catalog
/// (or to ``Registry/suites(adding:)``) appears in every list its capabilities
/// allow, after the matrix.
enum StrategyIDs {
  /// Swift's `Observation` module: the reference (``ReferenceStrategy/apple``).
  static let apple = ReferenceStrategy.apple
  /// No observation: the floor (``ReferenceStrategy/floor``).
  static let none = ReferenceStrategy.floor

  private static var roster: StrategyRoster { StrategyRoster.current }

  /// The strategies that stand on their own: the eight of the matrix, then the
  /// variants added beside it.
  static var matrix: [String] { roster.ids([.matrix, .variant]) }
  /// The identity-skipping refinements; only stores tell them apart.
  static var refinements: [String] { roster.ids([.refinement]) }

  /// The untracked-access checking refinements (`+checked`).
  static var checked: [String] { roster.ids([.checked]) }

  /// The matrix with each `+checked` refinement right after the strategy it
  /// refines, so that a report shows the two side by side.
  static var matrixWithChecked: [String] {
    let checked = Set(checked)
    return matrix.flatMap { id in checked.contains(id + "+checked") ? [id, id + "+checked"] : [id] }
  }

  /// Only the strategies that have a `+checked` refinement, each followed by it.
  static var checkedPairs: [String] {
    checked.flatMap { [String($0.dropLast("+checked".count)), $0] }
  }

  /// Object workloads: the matrix, then apple and none.
  static var objects: [String] { matrix + [apple, none] }
  /// Object workloads where plain code has nothing to do (pure observation).
  static var objectsObserved: [String] { matrix + [apple] }
  /// The store with observation taken out (``StoreFloor``): a store
  /// workload's routing alone, the floor its strategies' observation sits on.
  static var storeFloor: [String] { roster.ids([.storeFloor]) }
  /// Store workloads: the matrix, its refinements, the store floor, then
  /// apple and none.
  static var stores: [String] { matrix + refinements + storeFloor + [apple, none] }

  /// The strategies whose models may be used from several threads at once
  /// (``StrategyCapabilities/usableFromAnyThread``).
  static var anyThread: [String] { roster.ids([.matrix, .variant], with: .usableFromAnyThread) }
  /// The refinements of those.
  static var anyThreadRefinements: [String] { roster.ids([.refinement], with: .usableFromAnyThread) }
  /// The strategies whose models live on `ObservationActor`
  /// (``StrategyCapabilities/needsObservationActor``).
  static var onActor: [String] { roster.ids([.matrix, .variant], with: .needsObservationActor) }
}
