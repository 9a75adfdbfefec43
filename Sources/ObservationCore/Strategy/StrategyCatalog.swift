/// Every strategy the package measures, by role: the single source of truth for
/// the strategy lists of benchmarks, tests and reports.
///
/// A new strategy is one line in ``visit(_:)`` (role `.variant`, after the
/// matrix); its capabilities (``StrategyCapabilities``) then decide which suites
/// and tests run it. Ids are keys of CSV rows and baselines: never rename one
/// lightly.
public enum StrategyCatalog {
  /// Hands every strategy to `visitor` as a static type, in report order: the
  /// matrix, the added variants, the `+identity` refinements, the `+checked` ones.
  ///
  /// Inlinable so that a visitor in another module is specialised for each
  /// strategy: the benchmark dispatch then runs specialised workloads.
  @inlinable
  public static func visit<V: StrategyVisitor>(_ visitor: inout V) {
    // The matrix: registrar × scope × invalidation.
    visitor.visit(LockThreadKeyPath.self, role: .matrix)
    visitor.visit(LockThreadWhole.self, role: .matrix)
    visitor.visit(LockTaskKeyPath.self, role: .matrix)
    visitor.visit(LockTaskWhole.self, role: .matrix)
    visitor.visit(ActorThreadKeyPath.self, role: .matrix)
    visitor.visit(ActorThreadWhole.self, role: .matrix)
    visitor.visit(ActorTaskKeyPath.self, role: .matrix)
    visitor.visit(ActorTaskWhole.self, role: .matrix)
    // Variants beside the matrix go here, with role `.variant`.
    // Identity skipping on every per-field strategy (it changes nothing for whole
    // invalidation).
    visitor.visit(IdentitySkipping<LockThreadKeyPath>.self, role: .refinement)
    visitor.visit(IdentitySkipping<LockTaskKeyPath>.self, role: .refinement)
    visitor.visit(IdentitySkipping<ActorThreadKeyPath>.self, role: .refinement)
    visitor.visit(IdentitySkipping<ActorTaskKeyPath>.self, role: .refinement)
    // Untracked-access checking on every per-field strategy, measured beside the
    // strategy it refines (the check is the same for whole invalidation).
    visitor.visit(UntrackedChecking<LockThreadKeyPath>.self, role: .checked)
    visitor.visit(UntrackedChecking<LockTaskKeyPath>.self, role: .checked)
    visitor.visit(UntrackedChecking<ActorThreadKeyPath>.self, role: .checked)
    visitor.visit(UntrackedChecking<ActorTaskKeyPath>.self, role: .checked)
    // The store with observation taken out, measured beside store strategies.
    visitor.visit(StoreFloor.self, role: .storeFloor)
  }

  /// Every strategy of ``visit(_:)`` as an entry, in the same order.
  public static let entries: [CatalogEntry] = {
    var collector = EntryCollector()
    visit(&collector)
    return collector.entries
  }()

  /// The eight strategies of the matrix, in the order reports list them.
  public static var all: [any ObservationStrategy.Type] { types(.matrix) }

  /// The variants added beside the matrix.
  public static var variants: [any ObservationStrategy.Type] { types(.variant) }

  /// The `+identity` refinements.
  public static var refinements: [any ObservationStrategy.Type] { types(.refinement) }

  /// The `+checked` refinements.
  public static var checked: [any ObservationStrategy.Type] { types(.checked) }

  /// The ids of the matrix, in order.
  public static var ids: [String] { all.map { $0.id } }

  /// The strategy whose id is `id`, or `nil`.
  public static func strategy(withID id: String) -> (any ObservationStrategy.Type)? {
    entries.first { $0.id == id }?.type
  }

  private static func types(_ role: StrategyRole) -> [any ObservationStrategy.Type] {
    entries.filter { $0.role == role }.map(\.type)
  }
}
