import BenchmarkKit
import CBenchmarkSupport

/// Operations whose instruction counts are known, for checking
/// `obsbench run --metric instructions` (its tests run them).
///
/// Not a default suite, and meaningless for timing: `empty-call` and `nops-64`
/// call two assembly functions of exactly 1 and 65 instructions, so their counts
/// differ by exactly 64 in any build; in a release build `additions-16` is 16
/// additions, each one instruction.
public enum KnownCounts {
  /// The strategy id of every case.
  public static let strategy = "harness"

  /// The suite.
  public static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "known-counts",
      summary: "Operations of known instruction counts, for checking the instructions metric",
      isDefault: false,
      scenarios: [emptyCall, nops64, additions16]
    )
  }

  /// One call of a function that only returns.
  static var emptyCall: BenchmarkScenario {
    BenchmarkScenario(
      name: "empty-call",
      summary: "One call of an assembly function that only returns (1 instruction and the call)",
      strategies: [strategy]
    ) { _, _ in
      PreparedCase(run: { iterations in
        for _ in 0..<iterations { obsbench_known_empty() }
      })
    }
  }

  /// One call of a function of 64 no-ops.
  static var nops64: BenchmarkScenario {
    BenchmarkScenario(
      name: "nops-64",
      summary: "One call of an assembly function of 64 no-ops (65 instructions and the call)",
      strategies: [strategy]
    ) { _, _ in
      PreparedCase(run: { iterations in
        for _ in 0..<iterations { obsbench_known_nops64() }
      })
    }
  }

  /// Sixteen chained additions.
  static var additions16: BenchmarkScenario {
    BenchmarkScenario(
      name: "additions-16",
      summary: "16 chained additions through an opaque register (16 instructions in a release build)",
      strategies: [strategy]
    ) { _, _ in
      PreparedCase(
        operationsPerIteration: unrollFactor,
        run: { iterations in
          // A local, so the chain stays in a register (a captured variable would
          // be a heap box with exclusivity checks).
          var value = obsbench_opaque(1)
          repeatUnrolled(iterations) {
            for _ in 0..<16 { value = obsbench_opaque(value &+ 1) }
            blackHole(value)
          }
        })
    }
  }
}
