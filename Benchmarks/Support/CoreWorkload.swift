import BenchmarkKit
import ObservationCore

/// A workload written once, generic over the core strategy.
///
/// Opening an existential metatype calls the *unspecialised* generic code, with
/// the strategy's metadata passed at run time: every read and write of the loop
/// would go through witness tables. ``prepare(id:)`` instead visits
/// ``StrategyCatalog`` (``CatalogDispatch``), which names each strategy type
/// statically, so the compiler specialises the workload for each one.
protocol CoreWorkload {
  /// Sets up the case for strategy `S`.
  func prepare<S: ObservationStrategy>(_ strategy: S.Type) throws -> PreparedCase
}

extension CoreWorkload {
  /// Sets up the case for the strategy whose id is `id`, specialised for it.
  ///
  /// A strategy of the catalog is prepared specialised; one added from outside
  /// it (``StrategyRoster/added``) through its opened metatype, which is enough
  /// for a test and is why a strategy meant to be measured goes in the catalog.
  ///
  /// - Throws: ``UnknownStrategy`` when `id` names no core strategy.
  func prepare(id: String) throws -> PreparedCase {
    var dispatch = CatalogDispatch(workload: self, id: id)
    StrategyCatalog.visit(&dispatch)
    if let prepared = dispatch.prepared { return try prepared.get() }
    if let added = StrategyRoster.current.added.first(where: { $0.id == id }) {
      return try prepare(added.type)
    }
    throw UnknownStrategy(id: id)
  }
}

/// Prepares a workload for the catalog strategy whose id it is given: the
/// benchmark dispatch, a visitor over ``StrategyCatalog`` instead of a
/// hand-kept switch of ids.
struct CatalogDispatch<Workload: CoreWorkload>: StrategyVisitor {
  /// The workload to prepare.
  let workload: Workload
  /// The strategy id asked for.
  let id: String
  /// The prepared case (or the error preparing it threw), once the id was visited.
  var prepared: Result<PreparedCase, any Error>?

  init(workload: Workload, id: String) {
    self.workload = workload
    self.id = id
  }

  mutating func visit<S: ObservationStrategy>(_ strategy: S.Type, role: StrategyRole) {
    guard prepared == nil, S.id == id else { return }
    prepared = Result { try workload.prepare(S.self) }
  }
}
