import CObservationSupport
import Synchronization

extension TrackingScope {
  /// A scope kind other than the two built in records checked reads unchecked.
  ///
  /// Each kind implements the requirement itself, so a specialised read keeps one
  /// branch: a `thread` read with no scope open pays one more thread-local load;
  /// a `task` read, a thread-local and a relaxed atomic load (plus a task-local
  /// lookup only while a render runs somewhere). The model itself is passed, not its type, and the
  /// off switch is tested out of line: the inlined check stays one load, one branch
  /// and a call, small enough that a model's getter is still inlined (a
  /// `Self.self` argument fetched a generic model's metadata on every read, and
  /// the larger body kept getters out of line: each cost more than the check).
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
    guard let current = obs_thread_scope_or_render() else { return }
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
    if let slot = obs_task_scope_or_bound() {
      if _fastPath(UInt(bitPattern: slot) & 1 == 0) {
        slot.assumingMemoryBound(to: AccessList.self).pointee.record(registrar, mask)
        return
      }
      if recordUnpublished(slot, registrar, mask) { return }
    }
    if _slowPath(RenderContext.isActiveInTask) {
      UntrackedAccessDiagnostics.noteUntrackedRead(of: model, field)
    }
  }
}
