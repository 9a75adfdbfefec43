import CObservationSupport

extension TaskLocalScope {
  public static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T {
    let outer = TaskScopeSlot.stored
    return withUnsafeMutablePointer(to: &list) { list in
      TaskScopeSlot.store(TaskScopeSlot(publishing: list))
      defer { unpublish(list, restoring: outer) }
      return body()
    }
  }

  /// Ends the publication of `list`, restoring `outer`. A mask left above it by an
  /// async scope that suspended (and will end elsewhere) goes too.
  @inline(__always)
  private static func unpublish(_ list: UnsafeMutablePointer<AccessList>, restoring outer: TaskScopeSlot?) {
    var top = TaskScopeSlot.stored
    while let masking = top?.mask {
      top = masking.takeUnretainedValue().maskedSlot
      masking.release()
    }
    TaskScopeSlot.store(outer)
  }

  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @autoclosure () -> @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    let outer = TaskScopeSlot.stored
    let list = ScratchPool.acquire()
    TaskScopeSlot.store(TaskScopeSlot(publishing: list))
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
    if list.pointee.count > 0, !persistent {
      // The enclosing scope sees what this one read; a persistent
      // observation's reads are its own (`observe`).
      switch enclosing(outer) {
      case .published(let outerList): outerList.pointee.record(contentsOf: list.pointee)
      case .bound:
        if TaskScopeSlot.forRead != nil, swift_task_getCurrent() != nil {
          current?.record(contentsOf: list.pointee)
        }
      }
    }
    // onChange is formed only for a scope that read something.
    let observer =
      list.pointee.count > 0
      ? Observer.install(from: &list.pointee, persistent: persistent, onChange: onChange()) : nil
    ScratchPool.release(list)
    return Tracking(value: value, token: ObservationToken(observer))
  }
}
