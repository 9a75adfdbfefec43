import CObservationSupport
import Synchronization

extension TrackingScope {
  /// A scope kind other than the two built in records checked reads unchecked.
  ///
  /// Each kind implements the requirement itself, so a specialised read keeps one
  /// branch: a `thread` read with no scope open asks the one thread-local a plain
  /// read asks (the slot that holds the scope, or "render, checking on"); a `task`
  /// read tests a word that holds the plain read's count of open async scopes
  /// and the render gate together, so it executes what a plain read executes
  /// (plus a task-local lookup only while a render runs somewhere with checking
  /// on). The model itself is passed, not its type: a `Self.self` argument
  /// fetched a generic model's metadata on every read, and the larger body kept
  /// getters out of line.
  @inlinable @inline(__always)
  public static func recordChecked<Model: AnyObject>(
    _ registrar: RegistrarBase, _ mask: UInt64, model: Model, field: ObservedField
  ) {
    record(registrar, mask)
  }
}

extension ThreadLocalScope {
  /// `record`, noting a read made in a synchronous render of this thread with no
  /// scope open.
  @inlinable @inline(__always)
  public static func recordChecked<Model: AnyObject>(
    _ registrar: RegistrarBase, _ mask: UInt64, model: Model, field: ObservedField
  ) {
    guard let current = obs_thread_checked_get() else { return }
    if _slowPath(UInt(bitPattern: current) == 1) {
      UntrackedAccessDiagnostics.noteUntrackedRead(of: model, field)
      return
    }
    current.assumingMemoryBound(to: AccessList.self).pointee.record(registrar, mask)
  }
}

extension TaskLocalScope {
  /// `record`, noting a read made in an open render pass of this task with no
  /// scope open, on whatever thread the task runs.
  @inlinable @inline(__always)
  public static func recordChecked<Model: AnyObject>(
    _ registrar: RegistrarBase, _ mask: UInt64, model: Model, field: ObservedField
  ) {
    // The plain read's question, asked of the word that holds the render gate
    // beside the count of open async scopes: "no scope, and no render checking
    // anywhere" costs what it costs a plain read.
    guard let slot = TaskScopeSlot.forCheckedRead else { return }
    if _fastPath(!slot.isTagged) {
      slot.untaggedList.pointee.record(registrar, mask)
      return
    }
    recordUnpublishedChecked(slot, registrar, mask, model: model, field: field)
  }

  /// The rest of a checked read, out of line so that the inlined part stays as
  /// small as a plain read's and a model's getter is still inlined: the task's
  /// binding or a masked scope records it, else an open render pass notes it.
  @usableFromInline @inline(never)
  static func recordUnpublishedChecked(
    _ slot: TaskScopeSlot, _ registrar: RegistrarBase, _ mask: UInt64,
    model: AnyObject, field: ObservedField
  ) {
    if recordUnpublished(slot, registrar, mask) { return }
    if RenderContext.isActiveInTask {
      UntrackedAccessDiagnostics.noteUntrackedRead(of: model, field)
    }
  }
}
