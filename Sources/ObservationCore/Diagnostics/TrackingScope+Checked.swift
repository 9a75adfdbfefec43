import CObservationSupport
import Synchronization

extension TrackingScope {
  /// A scope kind other than the two built in records checked reads unchecked.
  ///
  /// Each kind implements the requirement itself, so a specialised read keeps one
    // The plain read's question, with the render gate ORed into its test of open
    // async scopes: "no scope, and no render checking anywhere" costs one
    // instruction more.
    if let slot = obs_task_scope_or_bound_or_render() {
      if _fastPath(UInt(bitPattern: slot) & 1 == 0) {
        slot.assumingMemoryBound(to: AccessList.self).pointee.record(registrar, mask)
        return
      }
      if recordUnpublished(slot, registrar, mask) { return }
    } else {
      return
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
