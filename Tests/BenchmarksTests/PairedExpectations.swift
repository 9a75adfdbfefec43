import ObservationCore

/// Notifications of cases whose operations alternate between two halves that
/// notify differently, so the runner cannot check them per operation: over an
/// even number of operations their mean is fixed.
enum PairedExpectations {
  /// The mean per operation over pairs, or `nil` when the case has none.
  static func perOperation(_ test: ScenarioCase) -> Double? {
    guard test.suite == "collections", test.scenario.name == "remove",
      let strategy = StrategyCatalog.strategy(withID: test.strategy)
    else { return nil }
    let n = Double(test.size)
    // Remove: the row's observer and the structure (+identity 2); without
    // identity skipping every row observer and the structure, once each, via
    // `rows` (n + 1). Put back: the structure (1), or n + 1.
    return strategy.skipsUnchangedIdentity ? (2 + 1) / 2 : n + 1
  }
}
