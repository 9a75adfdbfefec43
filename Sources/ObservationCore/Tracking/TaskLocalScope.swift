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
/// records into it, as with a thread-local scope. The slot's states are tabled in
/// `TaskScopeSlot`.
public enum TaskLocalScope: TrackingScope {
  public static var id: String { "task" }

  public static var followsTasks: Bool { true }

  @usableFromInline @TaskLocal static var current: TaskAccessList?

  @inlinable @inline(__always)
  public static func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    guard let slot = TaskScopeSlot.forRead else { return }
    if _fastPath(!slot.isTagged) {
      slot.untaggedList.pointee.record(registrar, mask)
    } else {
      _ = recordUnpublished(slot, registrar, mask)
    }
  }

  /// A read on a thread with no synchronous scope published (`slot` is unbound)
  /// or with one masked: the binding of its task, if it runs in one, else what
  /// the mask hides.
  /// - Returns: whether a scope recorded it.
  @usableFromInline @inline(never)
  static func recordUnpublished(_ slot: TaskScopeSlot, _ registrar: RegistrarBase, _ mask: UInt64) -> Bool {
    if !slot.isUnbound, case .published(let list) = enclosing(slot) {
      list.pointee.record(registrar, mask)
      return true
    }
    return recordBound(registrar, mask)
  }

  public static func record(contentsOf reads: AccessList) {
    guard let slot = TaskScopeSlot.forRead else { return }
    if _fastPath(!slot.isTagged) {
      slot.untaggedList.pointee.record(contentsOf: reads)
    } else if !slot.isUnbound, case .published(let list) = enclosing(slot) {
      list.pointee.record(contentsOf: reads)
    } else if swift_task_getCurrent() != nil, let current {
      current.record(contentsOf: reads)
    }
  }

  /// Records in the binding of the current task, if any.
  private static func recordBound(_ registrar: RegistrarBase, _ mask: UInt64) -> Bool {
    guard swift_task_getCurrent() != nil, let current else { return false }
    current.record(registrar, mask)
    return true
  }

  /// Where a read made now on this thread goes, given its slot.
  enum Enclosing {
    /// A synchronous scope's list, published on this thread.
    case published(UnsafeMutablePointer<AccessList>)
    /// The binding of the current task, if any.
    case bound
  }

  /// Follows masks down from `slot` to the scope a read of the current task
  /// reaches: the first published list, unless a mask of this task comes first.
  static func enclosing(_ slot: TaskScopeSlot?) -> Enclosing {
    var slot = slot
    var task: UnsafeRawPointer??
    while let current = slot, !current.isUnbound {
      if let list = current.list { return .published(list) }
      let masking = current.mask!.takeUnretainedValue()
      if task == nil { task = .some(swift_task_getCurrent()) }
      if masking.maskingTask == task! { return .bound }
      slot = masking.maskedSlot
    }
    return .bound
  }

  @inlinable
  public static var isRecording: Bool {
    if let slot = TaskScopeSlot.forRead, !slot.isTagged { return true }
    return isRecordingSlow
  }

  @usableFromInline static var isRecordingSlow: Bool {
    if case .published = enclosing(.stored) { return true }
    return TaskScopeSlot.forRead != nil && swift_task_getCurrent() != nil && current != nil
  }
}
