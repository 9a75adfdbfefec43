import ObservationCore

/// The core strategies a set of suites is built for: ``StrategyCatalog``'s, plus
/// any added from outside the package's catalog (a test target's, say).
///
/// Suites read the roster when they are built (``Registry/suites(adding:)``) and
/// their cases when they are prepared, through ``current``: every strategy list
/// of a scenario is a filter on the roster's capabilities (``StrategyIDs``), so an
/// added strategy lands in every scenario its capabilities allow.
struct StrategyRoster: Sendable {
  /// The strategies added to the catalog's, in the order given.
  let added: [CatalogEntry]

  /// The catalog's strategies and the added ones, in report order: the matrix,
  /// then variants, then `+identity` and `+checked` refinements.
  let entries: [CatalogEntry]

  /// A roster of the catalog's strategies and `added`.
  init(adding added: [CatalogEntry] = []) {
    self.added = added
    let all = StrategyCatalog.entries + added
    entries = StrategyRole.allCases.flatMap { role in all.filter { $0.role == role } }
  }

  /// The roster suites are being built or prepared for: the catalog's alone
  /// unless ``Registry/suites(adding:)`` says otherwise.
  @TaskLocal static var current = StrategyRoster()

  /// The entry whose id is `id`, or `nil`.
  func entry(withID id: String) -> CatalogEntry? {
    entries.first { $0.id == id }
  }

  /// The ids of the entries in `roles` that have every capability of `required`
  /// and none of `excluded`, in report order.
  func ids(
    _ roles: Set<StrategyRole>,
    with required: StrategyCapabilities = [],
    without excluded: StrategyCapabilities = []
  ) -> [String] {
    entries.filter { entry in
      roles.contains(entry.role) && entry.capabilities.isSuperset(of: required)
        && entry.capabilities.isDisjoint(with: excluded)
    }.map(\.id)
  }
}
