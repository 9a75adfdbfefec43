import BenchmarkKit

/// State nested d levels deep with a chain of scoped stores, the leaf observed
/// through its store (apple: a chain of `@Observable` objects, the leaf's
/// observer reading the same path).
enum Nesting {
  /// The nesting suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "nesting",
      summary: "Writing and reading the leaf of state nested d levels deep through a chain of scoped stores",
      scenarios: [
        leafWrite.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "leaf-write-rearm"),
        leafReadTracked, siblingWrite,
        leafWriteRearm.likeForLike(of: "leaf-write", ScenarioForm.bothRearm),
      ],
      // A leaf view's send reaching its observer through every level.
      headline: "leaf-write"
    )
  }

  /// Depths, log-spaced.
  static let depths = [1, 2, 4, 8, 16, 32, 64]
  /// The depths of a quick run.
  static let quickDepths = [1, 64]
  /// The depths a nesting workload takes: its state is built, read, reduced and
  /// freed by recursion, one stack frame per level, and at depth 10 000 that
  /// overflows the stack (a segmentation fault, measured); 1 000 runs.
  static let allowedDepths = 1...1_000
}
