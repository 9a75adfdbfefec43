import CObservationSupport

extension TaskLocalScope {
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
    let masked = TaskScopeSlot.stored
    let list = TaskAccessList(maskingTask: swift_task_getCurrent(), maskedSlot: masked)
    // Started inside a published scope (on this thread, from `Task.immediate`):
    // mask it so that this task's reads find the binding.
    // The slot holds a reference to the list while the mask is published.
    let mask = masked == nil ? nil : TaskScopeSlot.masking(list)
    if let mask { TaskScopeSlot.store(mask) }
    obs_task_bindings_add(1)
    var result: Result<T, E>?
    await $current.withValue(list) {
      do throws(E) { result = .success(try await apply()) } catch { result = .failure(error) }
    }
    obs_task_bindings_add(-1)
    // Unmask only if nothing ran over the mask (the task may have moved threads).
    if let mask, TaskScopeSlot.stored == mask {
      TaskScopeSlot.store(masked)
      mask.mask!.release()
    }
    var reads = AccessList()
    list.close(into: &reads)
    defer { reads.deallocate() }
    guard case .success(let value) = result! else {
      reads.removeAll()
      if case .failure(let error) = result! { throw error }
      preconditionFailure("unreachable")
    }
    // A persistent observation's reads are its own (`observe`).
    if reads.count > 0, !persistent { outer?.record(contentsOf: reads) }
    let observer = Observer.install(from: &reads, persistent: persistent, onChange: onChange)
    return Tracking(value: value, token: ObservationToken(observer))
  }
}
