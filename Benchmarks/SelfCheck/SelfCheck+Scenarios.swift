import BenchmarkKit

extension SelfCheck {
  /// One heap object per operation; jemalloc must count exactly one allocation
  /// of 32 bytes (16 bytes of object header, two `Int`s).
  static var allocate: BenchmarkScenario {
    BenchmarkScenario(
      name: "allocate",
      summary: "Allocates and frees one 32-byte class instance",
      strategies: [strategy]
    ) { _, _ in
      PreparedCase(run: { iterations in
        for index in 0..<iterations {
          // The black hole's argument escapes as far as the optimiser knows, so the
          // object cannot be promoted to the stack.
          blackHole(Pair(first: index, second: index))
        }
      })
    }
  }

  /// One notification per operation, counted as a workload counts its `onChange`
  /// calls, and declared so that the runner checks it.
  static var notify: BenchmarkScenario {
    BenchmarkScenario(
      name: "notify",
      summary: "Calls an onChange closure once, which bumps a notification counter",
      strategies: [strategy]
    ) { _, _ in
      let fired = Box(0)
      let onChange: () -> Void = identity { fired.value += 1 }
      return PreparedCase(
        run: { iterations in
          for _ in 0..<iterations {
            onChange()
          }
          blackHole(fired.value)
        },
        notifications: { fired.value },
        expectedNotificationsPerOperation: 1
      )
    }
  }

  /// A linear-time operation over a sweep, whose growth exponent must be ~1.
  static var linearSum: BenchmarkScenario {
    BenchmarkScenario(
      name: "linear-sum",
      summary: "Sums an array of `size` integers",
      sizes: [1_000, 10_000, 100_000],
      quickSizes: [1_000, 100_000],
      strategies: [strategy]
    ) { _, size in
      let values = (0..<size).map { identity($0) }
      return PreparedCase(run: { iterations in
        for _ in 0..<iterations {
          // Through `identity` the array is new to the optimiser each time, so the
          // sum cannot be hoisted out of the loop.
          blackHole(identity(values).reduce(0, &+))
        }
      })
    }
  }
}

/// A mutable cell shared between a case's set-up and its loop.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

/// A 32-byte heap object: 16 bytes of header and two words.
final class Pair {
  let first: Int
  let second: Int
  init(first: Int, second: Int) {
    self.first = first
    self.second = second
  }
}
