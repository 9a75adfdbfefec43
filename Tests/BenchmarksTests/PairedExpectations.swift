import ObservationCore

@testable import Benchmarks

/// Notifications of cases whose operations alternate between two halves that
/// notify differently, so the runner cannot check them per operation: over an
/// even number of operations their mean is fixed.
enum PairedExpectations {
  /// The mean per operation over pairs, from the documented rules
  /// (``DocumentedNotifications``), or `nil` when the case has none.
  static func perOperation(_ test: ScenarioCase) -> Double? {
    let name = test.scenario.name
    guard test.suite == "collections",
      ["remove", "remove-rearm", "remove-where", "remove-where-rearm"].contains(name),
      let strategy = StrategyCatalog.strategy(withID: test.strategy)
    else { return nil }
    let form: DocumentedNotifications.Form = name.hasSuffix("-rearm") ? .rearmed : .persistent
    let removed = name.hasPrefix("remove-where") ? Collections.removedWhere(rows: test.size).count : 1
    return DocumentedNotifications.ObservedList(strategy, form, rows: test.size).removeMeanOverPairs(removing: removed)
  }
}
