import CObservationSupport
import Synchronization

extension TrackingScope {
  /// `record` for the `+checked` strategies: a read with no scope open made inside
  /// a render is noted as an untracked access of `field` of `type`.
  ///
  /// The scope kind is known at compile time, so each specialisation keeps one
  /// branch: a `thread` read with no scope open pays one more thread-local load; a
  /// `task` read, one relaxed atomic load (plus a task-local lookup only while a
  /// render runs somewhere). Scope kinds other than the two built in are recorded
  /// unchecked.
  @inlinable @inline(__always)
  static func recordChecked(
    _ registrar: RegistrarBase, _ mask: UInt64, type: Any.Type, field: ObservedField
  ) {
    if Self.self == ThreadLocalScope.self {
      ThreadLocalScope.recordChecked(registrar, mask, type: type, field: field)
    } else if Self.self == TaskLocalScope.self {
      TaskLocalScope.recordChecked(registrar, mask, type: type, field: field)
    } else {
      record(registrar, mask)
    }
  }
}

extension ThreadLocalScope {
  /// `record`, noting a read made in a synchronous render of this thread with no
  /// scope open.
  @inlinable @inline(__always)
  static func recordChecked(
    _ registrar: RegistrarBase, _ mask: UInt64, type: Any.Type, field: ObservedField
  ) {
    guard let current = obs_thread_scope_get() else {
      if RenderContext.isActiveOnThread {
        UntrackedAccessDiagnostics.noteUntrackedRead(of: type, field)
      }
      return
    }
    current.assumingMemoryBound(to: AccessList.self).pointee.record(registrar, mask)
  }
}

extension TaskLocalScope {
  /// `record`, noting a read made in an open render pass of this task with no
  /// scope open, on whatever thread the task runs.
  @inlinable @inline(__always)
  static func recordChecked(
    _ registrar: RegistrarBase, _ mask: UInt64, type: Any.Type, field: ObservedField
  ) {
    if openScopes.load(ordering: .relaxed) != 0, let current {
      current.record(registrar, mask)
      return
    }
    if RenderContext.isActiveInTask {
      UntrackedAccessDiagnostics.noteUntrackedRead(of: type, field)
    }
  }
}
