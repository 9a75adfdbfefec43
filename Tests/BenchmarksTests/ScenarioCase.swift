import BenchmarkKit
import Benchmarks
import Foundation
import Testing

/// One scenario under one strategy at one size, as a Swift Testing argument.
struct ScenarioCase: Sendable, CustomTestStringConvertible {
  let suite: String
  let scenario: BenchmarkScenario
  let strategy: String
  let size: Int

  var testDescription: String { "\(suite)/\(scenario.name)[\(size)] \(strategy)" }

  /// Every workload suite (not the harness's self-check).
  static let suites = Registry.suites.filter { $0.name != "selfcheck" }

  /// Every scenario × strategy at the smallest size and, for a sweep, at its
  /// third size too (the smallest is often degenerate: one row, depth 1).
  static let all: [ScenarioCase] = suites.flatMap { suite in
    suite.scenarios.flatMap { scenario in
      let sizes = Array(Set([scenario.sizes[0], scenario.sizes[min(2, scenario.sizes.count - 1)]])).sorted()
      return sizes.flatMap { size in
        scenario.strategies.map { ScenarioCase(suite: suite.name, scenario: scenario, strategy: $0, size: size) }
      }
    }
  }
}

/// Runs `body` on a thread of its own and returns its value.
///
/// A case's isolation blocks its caller on a semaphore while ObservationActor
/// runs the body; blocking one of the few cooperative threads Swift Testing runs
/// on could starve the actor, so cases run on plain threads.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try body() })
    }
    thread.stackSize = 8 << 20
    thread.start()
  }
}
