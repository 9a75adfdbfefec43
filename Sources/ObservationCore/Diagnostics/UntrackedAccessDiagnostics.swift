import CObservationSupport
import Synchronization

/// The switch, the reporter and the per-site cache of the `+checked` strategies.
///
/// Only an untracked read made inside a render reaches here; the lock and the
/// table lookup below are the price of a read that is a bug, not of every read.
/// The cache holds at most `capacity` sites so that a program reading many
/// distinct fields untracked cannot grow it without bound: past that, new sites
/// are counted in `unrecordedReads` and not reported.
public enum UntrackedAccessDiagnostics {
  private struct State: ~Copyable {
    var table = UntrackedSiteTable()
    var capacity = UntrackedAccessDiagnostics.defaultCapacity
    var unrecordedReads = 0
    var reporter: any UntrackedAccessReporter = StandardErrorReporter()

    /// Counts a read of a site the table holds, or one that cannot be kept
    /// because the table is full; false for a new site with room for it.
    mutating func counted(type: UInt, field: Int) -> Bool {
      if table.increment(type: type, field: field) { return true }
      guard table.count >= capacity else { return false }
      unrecordedReads += 1
      return true
    }
  }

  /// How many sites the cache keeps unless told otherwise.
  public static let defaultCapacity = 1_024

  /// The state behind its lock, in an object so that ThreadSanitizer can be told
  /// about the lock (it cannot see `Mutex`).
  private final class Locked: Sendable {
    private let state = Mutex(State())

    func withLock<T>(_ body: (inout State) -> T) -> T {
      state.withLock { state in
        SanitizerHooks.acquire(self)
        defer { SanitizerHooks.release(self) }
        return body(&state)
      }
    }
  }

  private static let state = Locked()

  /// The run-time off switch: while false, no read is reported or counted.
  ///
  /// Folded into the words the checked reads ask: the process-wide gate of
  /// `task` reads, and this thread's render flag (other threads' renders take it
  /// at their next render; until then the slow path stops their reports).
  /// Switched off, a `thread` strategy's read asks exactly what a plain one asks,
  /// and a `task` one loads the word holding the gate instead of the plain one's
  /// count: the same instructions, one address apart.
  public static var isEnabled: Bool {
    get { RenderContext.isChecking }
    set {
      RenderContext.Gate.setChecking(newValue)
      RenderContext.threadSwitchChanged()
    }
  }

  /// Where first reads of a site go: standard error unless replaced.
  public static var reporter: any UntrackedAccessReporter {
    get { state.withLock { $0.reporter } }
    set { state.withLock { $0.reporter = newValue } }
  }

  /// How many distinct sites the cache keeps (and reports).
  public static var capacity: Int {
    get { state.withLock { $0.capacity } }
    set { state.withLock { $0.capacity = max(0, newValue) } }
  }

  /// Reads of new sites seen after the cache was full: neither kept nor reported.
  public static var unrecordedReads: Int { state.withLock { $0.unrecordedReads } }

  /// Every site seen, with its read count, in no particular order.
  public static var sites: [UntrackedAccess] {
    state.withLock { $0.table.sites }
  }

  /// Forgets every site and the unrecorded count (the reporter, capacity and
  /// switch stay), so the next read of any site is reported again.
  public static func reset() {
    state.withLock { state in
      state.table.removeAll()
      state.unrecordedReads = 0
    }
  }

  /// Notes an untracked read of `field` of `model` made inside a render: reports it
  /// if it is the site's first. Called only off the fast path.
  @usableFromInline @inline(never)
  static func noteUntrackedRead(of model: AnyObject, _ field: ObservedField) {
    guard RenderContext.isChecking else { return }
    let type: AnyObject.Type = type(of: model)
    let key = UntrackedSiteTable.typeKey(type)
    // A known site (every read after the first), or any read once the table is
    // full, takes the lock once and returns.
    if state.withLock({ $0.counted(type: key, field: field.index) }) { return }
    // A new site is named outside the lock, then inserted unless another thread
    // did so meanwhile.
    let name = String(reflecting: type)
    let reporter: (any UntrackedAccessReporter)? = state.withLock { state in
      if state.counted(type: key, field: field.index) { return nil }
      state.table.insert(type: key, field: field.index, name: name)
      return state.reporter
    }
    reporter?.report(UntrackedAccess(typeName: name, field: field, count: 1))
  }
}
