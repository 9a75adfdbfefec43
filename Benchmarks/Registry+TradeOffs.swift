import ObservationCore

extension Registry {
  /// What each strategy of the catalog gives up, by id (``BenchmarkRun/strategyTradeOffs``),
  /// read off its capabilities, so a strategy added to the catalog gets its
  /// trade-offs with no list edited.
  public static var strategyTradeOffs: [String: [String]] {
    Dictionary(uniqueKeysWithValues: StrategyCatalog.entries.map { ($0.id, tradeOffs(of: $0.capabilities)) })
  }

  /// What a strategy with `capabilities` gives up against the most capable one,
  /// in the words reports print; empty when it gives up none of these.
  ///
  /// Only what costs a user something is listed: refinements that add a
  /// diagnostic or skip work give nothing up.
  public static func tradeOffs(of capabilities: StrategyCapabilities) -> [String] {
    var given = [String]()
    // A thread-local scope loses the reads made after an `await` that resumed elsewhere.
    if !capabilities.contains(.asyncTracking) { given.append("no tracking across await") }
    // Actor-isolated tables are lock-free only inside the actor.
    if capabilities.contains(.needsObservationActor) { given.append("callers off the actor hop in") }
    // Whole invalidation notifies every observer of the object on any write.
    if !capabilities.contains(.perField) { given.append("no per-field invalidation (over-notifies)") }
    return given
  }
}
