import BenchmarkKit

/// Probes whose answer is a distribution rather than a time per operation: the
/// figures a library publishes about itself, measured alike on every side.
///
/// The minimal registration of the suite on this branch, which holds only the
/// stall probe: where the `reported` suite is defined with more scenarios, add
/// ``stalledReader`` to its list instead.
enum Reported {
  /// The reported suite (not run by default).
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "reported",
      summary: "Published probes: how long a reader waits while a writer works (not run by default)",
      isDefault: false,
      scenarios: [stalledReader.skippingInstructions(Contention.instructionsSkipReason)]
    )
  }
}
