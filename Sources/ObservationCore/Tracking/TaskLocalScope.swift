import CObservationSupport
import Synchronization

/// Collects reads in an access list that follows its task. The `task` of strategy
/// ids.
///
/// Two kinds of scope, told apart by what their closure can do:
///
/// - The async `withTracking` binds its list to a `@TaskLocal`: a read made after
///   an `await` that resumed on another thread is still tracked, and the child
///   tasks it starts (`async let`, task groups), which inherit the binding, record
///   into it too, behind a lock. What an async render or an `Observations`-style
///   loop needs.
/// - A synchronous scope (`withTracking` with a plain closure, `collectReads`)
///   cannot suspend, so its task stays on its thread until the closure returns:
///   it publishes its list in a thread-local slot, like a thread-local scope, and
///   a read there records with no lock and no task-local lookup. It binds nothing:
///   a task started inside it is tracked for what it reads synchronously (a
///   `Task.immediate` before its first suspension), not after.
///
/// A read with no synchronous scope published on its thread looks the binding up,
/// and only while an async scope is open somewhere in the process and the read
/// runs in a task (a process-wide count; outside any task there is no binding to
/// find). An async scope started synchronously inside a published scope (from a
/// `Task.immediate`) masks the slot for its own task until it suspends or ends.
/// What a published scope cannot tell apart: a job of another task that runs
/// nested inside its closure on its thread (a nested run loop or executor drain)
/// records into it, as with a thread-local scope.
public enum TaskLocalScope: TrackingScope {
  public static var id: String { "task" }

  public static var followsTasks: Bool { true }

  @usableFromInline @TaskLocal static var current: TaskAccessList?

  @inlinable @inline(__always)
  public static func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    guard let slot = obs_task_scope_or_bound() else { return }
    if _fastPath(UInt(bitPattern: slot) & 1 == 0) {
      slot.assumingMemoryBound(to: AccessList.self).pointee.record(registrar, mask)
    } else {
      _ = recordUnpublished(slot, registrar, mask)
    }
  }

  /// A read on a thread with no synchronous scope published (`slot` is 1) or
  /// with one masked (`slot` is a mask): the binding of its task, if it runs in
  /// one, else what the mask hides.
  /// - Returns: whether a scope recorded it.
  @usableFromInline @inline(never)
  static func recordUnpublished(_ slot: UnsafeMutableRawPointer, _ registrar: RegistrarBase, _ mask: UInt64) -> Bool {
    if UInt(bitPattern: slot) != 1, case .published(let list) = enclosing(slot) {
      list.pointee.record(registrar, mask)
      return true
    }
    return recordBound(registrar, mask)
  }

  /// Records in the binding of the current task, if any.
  private static func recordBound(_ registrar: RegistrarBase, _ mask: UInt64) -> Bool {
    guard swift_task_getCurrent() != nil, let current else { return false }
    current.record(registrar, mask)
    return true
  }

  /// Where a read made now on this thread goes, given its slot.
  private enum Enclosing {
    /// A synchronous scope's list, published on this thread.
    case published(UnsafeMutablePointer<AccessList>)
    /// The binding of the current task, if any.
    case bound
  }

  private static func enclosing(_ slot: UnsafeMutableRawPointer?) -> Enclosing {
    var slot = slot
    var task: UnsafeRawPointer??
    while let published = slot, UInt(bitPattern: published) != 1 {
      let bits = UInt(bitPattern: published)
      if bits & 1 == 0 { return .published(published.assumingMemoryBound(to: AccessList.self)) }
      let masking = TaskAccessList.unmask(published).takeUnretainedValue()
      if task == nil { task = .some(swift_task_getCurrent()) }
      if masking.maskingTask == task! { return .bound }
      slot = masking.maskedSlot
    }
    return .bound
  }

  @inlinable
  public static var isRecording: Bool {
    if let slot = obs_task_scope_or_bound(), UInt(bitPattern: slot) & 1 == 0 { return true }
    return isRecordingSlow
  }

  @usableFromInline static var isRecordingSlow: Bool {
    if case .published = enclosing(obs_task_scope_get()) { return true }
    return obs_task_scope_or_bound() != nil && swift_task_getCurrent() != nil && current != nil
  }

  public static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T {
    let outer = obs_task_scope_get()
    return withUnsafeMutablePointer(to: &list) { list in
      obs_task_scope_set(list)
      defer { unpublish(list, restoring: outer) }
      return body()
    }
  }

  /// Ends the publication of `list`, restoring `outer`. A mask left above it by an
  /// async scope that suspended (and will end elsewhere) goes too.
  @inline(__always)
  private static func unpublish(_ list: UnsafeMutablePointer<AccessList>, restoring outer: UnsafeMutableRawPointer?) {
    var top = obs_task_scope_get()
    while let masking = top, masking != UnsafeMutableRawPointer(list) {
      let unmanaged = TaskAccessList.unmask(masking)
      top = unmanaged.takeUnretainedValue().maskedSlot
      unmanaged.release()
    }
    obs_task_scope_set(outer)
  }

  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @escaping @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    let outer = obs_task_scope_get()
    let list = ScratchPool.acquire()
    obs_task_scope_set(list)
    let value: T
    do {
      value = try apply()
    } catch {
      unpublish(list, restoring: outer)
      list.pointee.removeAll()
      ScratchPool.release(list)
      throw error
    }
    unpublish(list, restoring: outer)
    if list.pointee.count > 0 {
      // The enclosing scope sees what this one read.
      switch enclosing(outer) {
      case .published(let outerList): outerList.pointee.append(contentsOf: list.pointee)
      case .bound:
        if obs_task_scope_or_bound() != nil, swift_task_getCurrent() != nil {
          current?.record(contentsOf: list.pointee)
        }
      }
    }
    let observer = Observer.install(from: &list.pointee, persistent: persistent, onChange: onChange)
    ScratchPool.release(list)
    return Tracking(value: value, token: ObservationToken(observer))
  }

  /// The async variant: `apply` may suspend, and reads after any `await` are
  /// tracked wherever the task resumes; child tasks record into it too. Its reads
  /// are added to the enclosing async scope of its task, if any (not to a
  /// synchronous scope it was started inside: that one may be gone by now).
  public static func withTracking<T, E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ apply: () async throws(E) -> T,
    persistent: Bool,
    onChange: @escaping @Sendable () -> Void
  ) async throws(E) -> Tracking<T> {
    let outer = current
    let masked = obs_task_scope_get()
    let list = TaskAccessList(maskingTask: swift_task_getCurrent(), maskedSlot: masked)
    // Started inside a published scope (on this thread, from `Task.immediate`):
    // mask it so that this task's reads find the binding.
    // The slot holds a reference to the list while the mask is published.
    let mask = masked == nil ? nil : list.publishMask()
    if let mask { obs_task_scope_set(mask) }
    obs_task_bindings_add(1)
    var result: Result<T, E>?
    await $current.withValue(list) {
      do throws(E) { result = .success(try await apply()) } catch { result = .failure(error) }
    }
    obs_task_bindings_add(-1)
    // Unmask only if nothing ran over the mask (the task may have moved threads).
    if let mask, obs_task_scope_get() == mask {
      obs_task_scope_set(masked)
      TaskAccessList.unmask(mask).release()
    }
    var reads = AccessList()
    list.close(into: &reads)
    defer { reads.deallocate() }
    guard case .success(let value) = result! else {
      reads.removeAll()
      if case .failure(let error) = result! { throw error }
      preconditionFailure("unreachable")
    }
    if reads.count > 0 { outer?.record(contentsOf: reads) }
    let observer = Observer.install(from: &reads, persistent: persistent, onChange: onChange)
    return Tracking(value: value, token: ObservationToken(observer))
  }
}

/// The access list of one async task-local scope, shared with the child tasks that
/// inherit the binding, hence behind a lock; closed when its scope ends so that a
/// task outliving the scope records nothing.
@usableFromInline
final class TaskAccessList: Sendable {
  private struct State: ~Copyable, Sendable {
    var list = AccessList()
    var isOpen = true
  }

  private let state: Mutex<State>

  /// The task that opened the scope, for a read that meets the scope's mask.
  nonisolated(unsafe) let maskingTask: UnsafeRawPointer?
  /// The slot the mask replaced on the opening thread.
  nonisolated(unsafe) let maskedSlot: UnsafeMutableRawPointer?

  init(maskingTask: UnsafeRawPointer?, maskedSlot: UnsafeMutableRawPointer?) {
    state = Mutex(State())
    self.maskingTask = maskingTask
    self.maskedSlot = maskedSlot
  }

  /// The slot value that masks a published scope for this scope's task: its
  /// address, tagged in the low bit (an access list's address never is), holding
  /// a reference that whoever takes the mask off the slot releases.
  func publishMask() -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: Unmanaged.passRetained(self).toOpaque()) | 1)!
  }

  /// The scope whose mask `slot` is.
  static func unmask(_ slot: UnsafeMutableRawPointer) -> Unmanaged<TaskAccessList> {
    Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bitPattern: slot) & ~1)!)
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
