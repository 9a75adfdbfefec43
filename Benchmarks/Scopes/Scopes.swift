import BenchmarkKit

/// The life of a tracking scope: opening an empty one, tracking and firing,
/// one that never fires, and rows rendered after their parent's scope closed.
///
/// `none` has no scope to open, so it does not run here.
enum Scopes {
  /// The scopes suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "scopes",
      summary: "Opening, installing, firing and cancelling tracking scopes",
      scenarios: [
        empty, trackFire, trackManyFire, neverFires, neverFiresPileup, lazyRows, lazyRowsPerRowScope, modelsDie,
      ],
      checks: [modelsDieRetainNothing],
      // A list's render and invalidation: a parent scope and one scope per row.
      headline: "lazy-rows-per-row-scope"
    )
  }
}
