import Synchronization

/// Collects reads in an access list bound to a `@TaskLocal`. The `task` of
/// strategy ids.
///
/// It follows its task: a read made after an `await` that resumed on another
/// thread is still tracked, which is what an async render or an `Observations`-
/// style loop needs. The price is a task-local read per tracked read, a task-local
/// bind per scope, and a lock on the list, because child tasks inherit the binding
/// and may record concurrently. A process-wide count of open scopes lets a read
/// with no scope open anywhere skip the task-local lookup.
public enum TaskLocalScope: TrackingScope {
  public static var id: String { "task" }

  public static var followsTasks: Bool { true }

  @usableFromInline @TaskLocal static var current: TaskAccessList?

  /// How many task-local scopes are open in the process.
  @usableFromInline static let openScopes = Atomic<Int>(0)

  @inlinable @inline(__always)
  public static func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    if openScopes.load(ordering: .relaxed) == 0 { return }
    current?.record(registrar, mask)
  }

  @inlinable
  public static var isRecording: Bool {
    openScopes.load(ordering: .relaxed) != 0 && current != nil
  }

  public static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T {
    let scope = TaskAccessList(adopting: list)
    list = AccessList()
    openScopes.add(1, ordering: .relaxed)
    defer { openScopes.subtract(1, ordering: .relaxed) }
    let value = $current.withValue(scope) { body() }
    list = scope.close()
    return value
  }

  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @escaping @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    let outer = current
    let list = TaskAccessList()
    openScopes.add(1, ordering: .relaxed)
    defer { openScopes.subtract(1, ordering: .relaxed) }
    let result = $current.withValue(list) { () -> Result<T, E> in
      do throws(E) { return .success(try apply()) } catch { return .failure(error) }
    }
    return try finish(list, outer: outer, result: result, persistent: persistent, onChange: onChange)
  }

  /// The async variant: `apply` may suspend, and reads after any `await` are
  /// tracked wherever the task resumes.
  public static func withTracking<T, E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ apply: () async throws(E) -> T,
    persistent: Bool,
    onChange: @escaping @Sendable () -> Void
  ) async throws(E) -> Tracking<T> {
    let outer = current
    let list = TaskAccessList()
    openScopes.add(1, ordering: .relaxed)
    defer { openScopes.subtract(1, ordering: .relaxed) }
    var result: Result<T, E>?
    await $current.withValue(list) {
      do throws(E) { result = .success(try await apply()) } catch { result = .failure(error) }
    }
    return try finish(list, outer: outer, result: result!, persistent: persistent, onChange: onChange)
  }

  private static func finish<T, E: Error>(
    _ list: TaskAccessList,
    outer: TaskAccessList?,
    result: Result<T, E>,
    persistent: Bool,
    onChange: @escaping @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    var reads = list.close()
    defer { reads.deallocate() }
    guard case .success(let value) = result else {
      reads.removeAll()
      if case .failure(let error) = result { throw error }
      preconditionFailure("unreachable")
    }
    outer?.record(contentsOf: reads)
    let observer = Observer.install(from: &reads, persistent: persistent, onChange: onChange)
    return Tracking(value: value, token: ObservationToken(observer))
  }
}

/// The access list of one task-local scope, shared with the child tasks that
/// inherit the binding, hence behind a lock; closed when its scope ends so that a
/// task outliving the scope records nothing.
@usableFromInline
final class TaskAccessList: Sendable {
  private struct State: ~Copyable, Sendable {
    var list = AccessList()
    var isOpen = true
  }

  private let state: Mutex<State>

  init() {
    state = Mutex(State())
  }

  /// A scope recording into `list`'s storage (after its entries, if any).
  init(adopting list: AccessList) {
    state = Mutex(State(list: list))
  }

  deinit {
    var list = state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      let list = state.list
      state.list = AccessList()
      return list
    }
    // Outside the lock: dropping a registrar may free a model and what it held.
    list.removeAll()
    list.deallocate()
  }

  @usableFromInline
  func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      if state.isOpen { state.list.record(registrar, mask) }
    }
  }

  /// Adds the reads of an inner scope.
  func record(contentsOf reads: AccessList) {
    state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      if state.isOpen { state.list.append(contentsOf: reads) }
    }
  }

  /// Ends recording and hands over what was recorded.
  func close() -> AccessList {
    state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      state.isOpen = false
      let reads = state.list
      state.list = AccessList()
      return reads
    }
  }
}
