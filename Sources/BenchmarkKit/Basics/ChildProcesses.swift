import CBenchmarkSupport
import Foundation
import Synchronization

/// The child processes `obsbench` is waiting for, and the scratch folders they
/// write into, so that a signal that ends `obsbench` ends them too.
///
/// Foundation starts every `Process` in a process group of its own, so the
/// terminal's Ctrl-C (SIGINT to the foreground group) and a SIGTERM to the parent
/// reach the parent only: a pass child went on measuring to the end of its pass,
/// a callgrind child kept a core busy until killed by hand, and both left their
/// scratch folders behind. ``forwardSignals()`` makes the parent pass the signal
/// on, wait briefly for the children to go, remove the folders, and then exit
/// with 128 + n, the status a shell reports for a death by signal n. Children also ask the
/// kernel to end them with their parent (``dieWithParent()``), which covers a
/// parent killed with SIGKILL, which no handler sees.
public enum ChildProcesses {
  private struct State {
    var running = Set<Int32>()
    var scratch = Set<String>()
    /// Set once a forwarded signal is being handled: the process is ending.
    var ending = false
    /// Sections running ``uninterrupted(_:)``: a signal waits for them.
    var uninterrupted = 0
  }

  private static let state = Mutex(State())
  private static let sources = Mutex([any DispatchSourceSignal]())

  /// The signals that end `obsbench` and its children.
  public static let forwarded: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// Records `process`, just started, as running.
  public static func started(_ process: Process) {
    let pid = process.processIdentifier
    state.withLock { _ = $0.running.insert(pid) }
  }

  /// Records `process` as ended.
  ///
  /// When it ended because a forwarded signal is ending this process, the caller
  /// is parked here until the handler finishes: otherwise it would report the
  /// child's death as a failed pass and exit 64 before the signal's own status.
  public static func ended(_ process: Process) {
    let pid = process.processIdentifier
    let ending = state.withLock { state in
      state.running.remove(pid)
      return state.ending
    }
    while ending { pause() }
  }

  /// Records `path` as a scratch folder to remove if a signal ends the run.
  public static func addScratch(_ path: String) {
    state.withLock { _ = $0.scratch.insert(path) }
  }

  /// Forgets `path` (its owner removes it as usual).
  public static func removeScratch(_ path: String) {
    state.withLock { _ = $0.scratch.remove(path) }
  }

  /// Runs `body` to its end even when a forwarded signal arrives meanwhile: the
  /// signal then ends the process right after it.
  ///
  /// For the few milliseconds that put a run's files in place: a Ctrl-C between
  /// two renames would leave a folder with files of two runs. A signal that came
  /// before `body` started ends the process before it starts.
  public static func uninterrupted<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let ending = state.withLock { state in
      if !state.ending { state.uninterrupted += 1 }
      return state.ending
    }
    // The handler is ending the process; it must not start anything.
    while ending { pause() }
    defer { state.withLock { $0.uninterrupted -= 1 } }
    return try body()
  }

  /// What the process says on standard error, one line, when a forwarded
  /// signal ends it: the command line's words; `nil` (a pass child, whose
  /// parent speaks for the run) says nothing.
  nonisolated(unsafe) public static var endingLine: ((_ signal: String, _ status: Int32) -> String)?

  /// Installs the handlers of ``forwarded``; idempotent.
  public static func forwardSignals() {
    sources.withLock { sources in
      guard sources.isEmpty else { return }
      for number in forwarded {
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler { end(by: number) }
        source.resume()
        sources.append(source)
      }
    }
  }

  /// Asks the kernel to send this process SIGTERM when its parent dies; a child
  /// calls it first thing. Returns whether it could.
  @discardableResult
  public static func dieWithParent() -> Bool {
    obsbench_die_with_parent() != 0
  }

  /// Ends every running child, removes the scratch folders and dies by `number`.
  private static func end(by number: Int32) {
    let (running, scratch) = state.withLock { state in
      state.ending = true
      return (state.running, state.scratch)
    }
    for pid in running { kill(pid, SIGTERM) }
    // Give them up to 2 s to go before their folders are removed under them.
    for _ in 0..<200 where running.contains(where: { kill($0, 0) == 0 }) {
      usleep(10_000)
    }
    for pid in running where kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    for path in scratch { try? FileManager.default.removeItem(atPath: path) }
    while state.withLock({ $0.uninterrupted > 0 }) { usleep(1_000) }
    if let line = endingLine?(name(of: number), 128 + number) {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    // Not a re-raise: libdispatch keeps the signal blocked to read it itself, so
    // a re-raised one stays pending (or comes back here). 128 + n is the status a
    // shell reports for a death by signal n.
    _exit(128 + number)
  }

  /// The signal's name as a shell prints it.
  static func name(of number: Int32) -> String {
    switch number {
    case SIGINT: "SIGINT"
    case SIGTERM: "SIGTERM"
    case SIGHUP: "SIGHUP"
    default: "signal \(number)"
    }
  }
}
