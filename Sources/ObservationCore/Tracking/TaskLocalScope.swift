import CObservationSupport
import Synchronization

/// Collects reads in an access list bound to a `@TaskLocal`. The `task` of
/// strategy ids.
///
/// It follows its task: a read made after an `await` that resumed on another
/// thread is still tracked, which is what an async render or an `Observations`-
/// style loop needs, and child tasks, which inherit the binding, record into it.
///
/// A synchronous scope cannot suspend, so while its closure runs its task stays
/// on the thread that opened it: the scope also publishes a list of its own in a
/// thread-local slot (``OwnerScope``), tagged with that task. A read whose task is
/// the tag records there with no lock and no task-local lookup (the owner fast
/// path); any other reader (a child task, an async scope, a task started
/// synchronously inside the closure) looks the binding up and records behind a
/// lock, and the scope merges those reads when it closes. With no current task, the
/// only binding a read could see is one this thread made, which always publishes
/// its slot: such a read skips the lookup too. A process-wide count of open
/// scopes lets a read with no scope open anywhere skip everything.
public enum TaskLocalScope: TrackingScope {
  public static var id: String { "task" }

  public static var followsTasks: Bool { true }

  @usableFromInline @TaskLocal static var current: TaskAccessList?

  /// How many task-local scopes are open in the process.
  @usableFromInline static let openScopes = Atomic<Int>(0)

  @inlinable @inline(__always)
  public static func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    if openScopes.load(ordering: .relaxed) == 0 { return }
    _ = recordIfScoped(registrar, mask)
  }

  /// Records the read in the innermost scope of the current task, if any; call
  /// only with a scope open somewhere. Out of line, so that a model's getter that
  /// records stays small enough to be inlined: with no scope open anywhere a read
  /// costs one relaxed load and a branch.
  /// - Returns: whether a scope recorded it.
  @usableFromInline @inline(never)
  static func recordIfScoped(_ registrar: RegistrarBase, _ mask: UInt64) -> Bool {
    let task = currentTaskPointer()
    if let slot = obs_task_scope_get() {
      let owner = slot.assumingMemoryBound(to: OwnerScope.self)
      if owner.pointee.task == task {
        owner.pointee.list.record(registrar, mask)
        return true
      }
    }
    // No task: the binding lives in this thread's fallback storage, set only by a
    // synchronous scope of this thread, which would have published its slot.
    if task == nil { return false }
    return recordShared(registrar, mask)
  }

  /// The slow path: a reader that is not the owner of the scope published on its
  /// thread records into its binding, behind the lock.
  @inline(never)
  static func recordShared(_ registrar: RegistrarBase, _ mask: UInt64) -> Bool {
    guard let current else { return false }
    current.record(registrar, mask)
    return true
  }

  @inlinable
  public static var isRecording: Bool {
    if openScopes.load(ordering: .relaxed) == 0 { return false }
    let task = currentTaskPointer()
    if let slot = obs_task_scope_get(),
       slot.assumingMemoryBound(to: OwnerScope.self).pointee.task == task {
      return true
    }
    return task != nil && current != nil
  }

  public static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T {
    var owner = OwnerScope(task: currentTaskPointer(), list: list)
    list = AccessList()
    let value = withOwnerScope(&owner, body)
    list = owner.list
    return value
  }

  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @escaping @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    let task = currentTaskPointer()
    let outerSlot = obs_task_scope_get()
    var owner = OwnerScope(task: task, list: AccessList())
    let result = withOwnerScope(&owner) { () -> Result<T, E> in
      do throws(E) { return .success(try apply()) } catch { return .failure(error) }
    }
    var reads = owner.list
    defer { reads.deallocate() }
    guard case .success(let value) = result else {
      reads.removeAll()
      if case .failure(let error) = result { throw error }
      preconditionFailure("unreachable")
    }
    if reads.count > 0 {
      // The enclosing scope: this task's own synchronous scope on this thread,
      // else (in a task) its binding, now restored: an async scope, or one
      // inherited from a parent task.
      if let outerSlot, outerSlot.assumingMemoryBound(to: OwnerScope.self).pointee.task == task {
        outerSlot.assumingMemoryBound(to: OwnerScope.self).pointee.list.append(contentsOf: reads)
      } else if task != nil {
        current?.record(contentsOf: reads)
      }
    }
    let observer = Observer.install(from: &reads, persistent: persistent, onChange: onChange)
    return Tracking(value: value, token: ObservationToken(observer))
  }

  /// Runs `body` with `owner` published on this thread and a shared list bound for
  /// the readers that are not its owner, then merges what they recorded.
  private static func withOwnerScope<T>(_ owner: inout OwnerScope, _ body: () -> T) -> T {
    let shared = TaskAccessList()
    let outerSlot = obs_task_scope_get()
    openScopes.add(1, ordering: .relaxed)
    let value = withUnsafeMutablePointer(to: &owner) { slot in
      obs_task_scope_set(slot)
      defer { obs_task_scope_set(outerSlot) }
      return $current.withValue(shared) { body() }
    }
    openScopes.subtract(1, ordering: .relaxed)
    shared.close(into: &owner.list)
    return value
  }

  /// The async variant: `apply` may suspend, and reads after any `await` are
  /// tracked wherever the task resumes. Every read records behind the lock: the
  /// task may move to another thread, so it publishes no thread-local slot.
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
    var reads = AccessList()
    list.close(into: &reads)
    defer { reads.deallocate() }
    guard case .success(let value) = result! else {
      reads.removeAll()
      if case .failure(let error) = result! { throw error }
      preconditionFailure("unreachable")
    }
    outer?.record(contentsOf: reads)
    let observer = Observer.install(from: &reads, persistent: persistent, onChange: onChange)
    return Tracking(value: value, token: ObservationToken(observer))
  }
}

/// The running task (null outside any task), compared by identity only.
@inlinable @inline(__always)
func currentTaskPointer() -> UnsafeRawPointer? {
  swift_task_getCurrent()
}

/// The list a synchronous task-local scope's own task records into without a
/// lock, published in the thread-local slot `obs_task_scope` while the scope's
/// closure runs (on the stack of `withTracking`).
@usableFromInline
struct OwnerScope {
  /// The task that opened the scope, or nil outside any task.
  @usableFromInline let task: UnsafeRawPointer?
  @usableFromInline var list: AccessList
}

/// The access list of one task-local scope for readers other than the task that
/// opened it (child tasks inherit the binding and may record concurrently), hence
/// behind a lock; closed when its scope ends so that a task outliving the scope
/// records nothing.
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

  /// Ends recording and moves what was recorded to the end of `list`.
  func close(into list: inout AccessList) {
    var reads = state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      state.isOpen = false
      let reads = state.list
      state.list = AccessList()
      return reads
    }
    if reads.count > 0 {
      list.append(contentsOf: reads)
      reads.removeAll()
    }
    reads.deallocate()
  }
}
