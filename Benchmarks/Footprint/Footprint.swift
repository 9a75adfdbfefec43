import BenchmarkKit

/// What an app holds in memory for what it observes: n observed things built
/// and held, bytes per thing, for every strategy, apple and `none`.
///
/// A case builds its n things at set-up and holds them while it is sampled;
/// each operation makes one more thing like them beside them (a model with
/// its observer, a row appended to the list with its row store and observer,
/// an armed scope) and drops it, so its time is what one more costs at that
/// scale. Once, in the first pass, the case builds n things again and
/// measures the bytes they hold (``BenchmarkKit/HeldMemory``), then frees them
/// and checks that nothing stayed.
enum Footprint {
  /// The footprint suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "footprint",
      summary: "Memory held per observed model, row and armed scope, and the time to make one more",
      scenarios: [models, rows, scopes],
      headline: "rows"
    )
  }

  /// Things held per case: up to a list of 100 000 rows.
  static let sizes = [100, 1_000, 10_000, 100_000]
  static let quickSizes = [100, 10_000]
}
