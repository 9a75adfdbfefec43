import ObservationCore

@testable import Benchmarks

/// Notifications of cases whose operations alternate between two halves that
/// notify differently, so the runner cannot check them per operation: over an
/// even number of operations their mean is fixed.
enum PairedExpectations {
  /// The mean per operation over pairs, from the documented rules
  /// (``DocumentedNotifications``), or `nil` when the case has none.
  static func perOperation(_ test: ScenarioCase) -> Double? {
    guard test.suite == "collections", ["remove", "remove-rearm"].contains(test.scenario.name),
      let strategy = StrategyCatalog.strategy(withID: test.strategy)
    else { return nil }
    let form: DocumentedNotifications.Form = test.scenario.name == "remove" ? .persistent : .rearmed
    return DocumentedNotifications.ObservedList(strategy, form, rows: test.size).removeMeanOverPairs
  }
}
