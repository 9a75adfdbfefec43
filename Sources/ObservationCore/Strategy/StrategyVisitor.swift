/// Receives each strategy of a catalog as a static type, so that code generic
/// over the strategy is specialised for it rather than run through an opened
/// existential.
///
/// The benchmark dispatch is one: it visits the catalog, and the visit whose
/// id matches prepares the workload for that strategy type.
public protocol StrategyVisitor {
  /// Called once per strategy of the catalog, in report order.
  mutating func visit<S: ObservationStrategy>(_ strategy: S.Type, role: StrategyRole)
}

/// Where a strategy sits in reports: the matrix of the mission's axes, a variant
/// added beside it, or a refinement of one of them.
public enum StrategyRole: String, Sendable, Hashable, CaseIterable {
  /// One of the eight `<registrar>-<scope>-<invalidation>` combinations.
  case matrix
  /// A strategy added beside the matrix (a registrar, scope or policy of its own);
  /// listed after the matrix, so "the matrix" stays the eight.
  case variant
  /// `+identity`: identity skipping on a per-field strategy.
  case refinement
  /// `+checked`: untracked-access checking on a per-field strategy.
  case checked
  /// ``StoreFloor``: a store with no observation, the floor of store
  /// workloads; not a choice.
  case storeFloor = "store-floor"
}

/// A strategy of a catalog as a value: its type, opened only where
/// specialisation does not matter (tests, set-up of added strategies).
public struct CatalogEntry: Sendable {
  /// The strategy.
  public let type: any ObservationStrategy.Type
  /// Where it sits in reports.
  public let role: StrategyRole

  /// Creates an entry.
  public init(_ type: any ObservationStrategy.Type, role: StrategyRole) {
    self.type = type
    self.role = role
  }

  /// The strategy's stable id.
  public var id: String { type.id }

  /// The strategy's capabilities.
  public var capabilities: StrategyCapabilities { type.capabilities }
}

/// Collects the strategies a catalog visits as entries.
struct EntryCollector: StrategyVisitor {
  var entries: [CatalogEntry] = []

  mutating func visit<S: ObservationStrategy>(_ strategy: S.Type, role: StrategyRole) {
    entries.append(CatalogEntry(strategy, role: role))
  }
}
