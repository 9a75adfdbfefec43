import Synchronization

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
  nonisolated(unsafe) let maskedSlot: TaskScopeSlot?

  init(maskingTask: UnsafeRawPointer?, maskedSlot: TaskScopeSlot?) {
    state = Mutex(State())
    self.maskingTask = maskingTask
    self.maskedSlot = maskedSlot
  }

  deinit {
    var list = state.withLock { state in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      let list = state.list
      state.list = AccessList()
      return list
    }
    // Outside the lock: dropping a core may free its observers' tables.
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
      if state.isOpen { state.list.record(contentsOf: reads) }
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
      list.record(contentsOf: reads)
      reads.removeAll()
    }
    reads.deallocate()
  }
}
