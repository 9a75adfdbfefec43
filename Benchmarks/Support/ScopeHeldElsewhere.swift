import Foundation
import Synchronization

/// A tracking scope held open elsewhere for as long as a case lives: the state
/// of an app, which always has a scope open somewhere (a render running, an
/// observation loop waiting), while the measured code reads outside any scope.
///
/// A synchronous scope is held on a thread of its own, blocked inside it; an
/// async one (a task-local scope's, bound with `@TaskLocal`) in a detached
/// task, suspended inside it, as an async render or an `Observations`-style
/// loop waits. The initialiser returns once the scope is open.
final class ScopeHeldElsewhere: @unchecked Sendable {
  private let opened = DispatchSemaphore(value: 0)
  private let release = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)
  /// The suspended task's continuation, while an async scope is held.
  private let parked = Mutex<CheckedContinuation<Void, Never>?>(nil)

  /// Opens a synchronous scope on a new thread with `open`, which must call its
  /// argument inside the scope it opens (and read nothing observed).
  init(open: @escaping @Sendable (_ insideScope: () -> Void) -> Void) {
    let thread = Thread { [opened, release, done] in
      open {
        opened.signal()
        release.wait()
      }
      done.signal()
    }
    thread.stackSize = 1 << 20
    thread.start()
    opened.wait()
  }

  /// Opens an async scope in a detached task with `open`, which must await its
  /// argument inside the scope it opens (and read nothing observed); the task
  /// stays suspended there, holding no thread, until ``close()``.
  init(openAsync open: @escaping @Sendable (_ insideScope: () async -> Void) async -> Void) {
    Task.detached { [self] in
      await open {
        await withCheckedContinuation { continuation in
          parked.withLock { $0 = continuation }
          opened.signal()
        }
      }
      done.signal()
    }
    opened.wait()
  }

  /// Ends the scope and waits for its thread or task to leave it.
  func close() {
    let continuation = parked.withLock { parked in
      defer { parked = nil }
      return parked
    }
    if let continuation { continuation.resume() } else { release.signal() }
    done.wait()
  }
}
