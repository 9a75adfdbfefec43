import Foundation

/// A tracking scope held open on another thread for as long as a case lives: the
/// state of an app, which always has a scope open somewhere (a render running, an
/// observation loop waiting), while the measured thread reads outside any scope.
///
/// `open` runs on a thread of its own with a closure that blocks until
/// ``close()``; the initialiser returns once the scope is open.
final class ScopeHeldElsewhere: @unchecked Sendable {
  private let opened = DispatchSemaphore(value: 0)
  private let release = DispatchSemaphore(value: 0)
  private let done = DispatchSemaphore(value: 0)

  /// Opens a scope on a new thread with `open`, which must call its argument
  /// inside the scope it opens (and read nothing observed).
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

  /// Ends the scope and waits for its thread to leave it.
  func close() {
    release.signal()
    done.wait()
  }
}
