import BenchmarkKit
import CObservationSupport
import ObservationCore
import Testing

@testable import Benchmarks

/// `reads/untracked-scope-elsewhere` times what it says: a read in a task while an
/// async scope is open elsewhere, so that a task scope's read looks its binding up.
///
/// Other suites open async scopes in parallel, so only "at least one is open" is
/// checked, as the read itself asks it.
@Suite("Scope held elsewhere")
struct ScopeHeldElsewhereTests {
  @Test func openAsync_holdsAnAsyncScopeOpen_untilClosed() async throws {
    let held = try await onThread {
      ScopeHeldElsewhere(openAsync: { inside in
        _ = await TaskLocalScope.withTracking({ await inside() }, persistent: false, onChange: {})
      })
    }
    // With no scope published on this thread, what a task read asks first: 1
    // while an async scope is open somewhere, so it looks its binding up.
    #expect(UInt(bitPattern: obs_task_scope_or_bound()) == 1, "the async scope is open while held")
    try await onThread { held.close() }
  }

  @Test(arguments: ["lock-task-keypath", "actor-task-whole", "lock-thread-keypath", "apple", "none"])
  func untrackedScopeElsewhere_readsInATask_whileAnAsyncScopeIsOpen(_ id: String) async throws {
    let observed = try await onThread { () throws -> Observed in
      let prepared = try Reads.untrackedScopeElsewhere.prepare(strategy: id, size: 1)
      defer { prepared.tearDown?() }
      var observed = Observed(inTask: false, readLooksUpItsBinding: false)
      let isolation = try #require(prepared.isolation, "every row is timed in a task")
      isolation {
        observed = Observed(
          inTask: withUnsafeCurrentTask { $0 != nil },
          readLooksUpItsBinding: UInt(bitPattern: obs_task_scope_or_bound()) == 1)
        prepared.run(1)
      }
      return observed
    }
    #expect(observed.inTask)
    if id.contains("-task-") {
      #expect(observed.readLooksUpItsBinding, "a task scope's read cannot skip its lookup")
    }
  }

  struct Observed: Sendable {
    let inTask: Bool
    let readLooksUpItsBinding: Bool
  }
}
