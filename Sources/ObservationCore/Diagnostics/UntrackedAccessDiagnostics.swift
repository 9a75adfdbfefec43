import CObservationSupport
import Synchronization

/// The switch, the reporter and the per-site cache of the `+checked` strategies.
///
/// Only an untracked read made inside a render reaches here; the lock and the
/// hash lookup below are the price of a read that is a bug, not of every read.
/// The cache holds at most `capacity` sites so that a program reading many
/// distinct fields untracked cannot grow it without bound: past that, new sites
/// are counted in `unrecordedReads` and not reported.
public enum UntrackedAccessDiagnostics {
  private struct Site: Hashable {
    let type: ObjectIdentifier
    let field: Int
  }

  private struct State: ~Copyable {
    var counts: [Site: (name: String, count: Int)] = [:]
    var capacity = UntrackedAccessDiagnostics.defaultCapacity
    var unrecordedReads = 0
    var reporter: any UntrackedAccessReporter = StandardErrorReporter()
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

  /// The run-time off switch: while false, no read is reported or counted. A C
  /// global the inlined thread check reads beside its thread-local flag, so a
  /// switched-off `thread` strategy costs a plain one's read plus a load, in a
  /// render or not; a `task` one, a call per read inside a render.
  public static var isEnabled: Bool {
    get { obs_untracked_checking_get() != 0 }
    set { obs_untracked_checking_set(newValue ? 1 : 0) }
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
    state.withLock { state in
      state.counts.map { UntrackedAccess(typeName: $0.value.name, field: ObservedField($0.key.field), count: $0.value.count) }
    }
  }

  /// Forgets every site and the unrecorded count (the reporter, capacity and
  /// switch stay), so the next read of any site is reported again.
  public static func reset() {
    state.withLock { state in
      state.counts.removeAll()
      state.unrecordedReads = 0
    }
  }

  /// Notes an untracked read of `field` of `model` made inside a render: reports it
  /// if it is the site's first. Called only off the fast path.
  @usableFromInline @inline(never)
  static func noteUntrackedRead(of model: AnyObject, _ field: ObservedField) {
    guard obs_untracked_checking_get() != 0 else { return }
    let type = type(of: model)
    let site = Site(type: ObjectIdentifier(type), field: field.index)
    let first: (any UntrackedAccessReporter, UntrackedAccess)? = state.withLock { state in
      if let index = state.counts.index(forKey: site) {
        state.counts.values[index].count += 1
        return nil
      }
      guard state.counts.count < state.capacity else {
        state.unrecordedReads += 1
        return nil
      }
      let name = String(reflecting: type)
      state.counts[site] = (name, 1)
      return (state.reporter, UntrackedAccess(typeName: name, field: field, count: 1))
    }
    if let (reporter, access) = first { reporter.report(access) }
  }
}
