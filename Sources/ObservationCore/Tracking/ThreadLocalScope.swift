import CObservationSupport

/// Collects reads in an access list found through a C11 thread-local pointer.
/// The `thread` of strategy ids.
///
/// The cheapest scope: a read with no scope open is one thread-local load and a
/// branch; opening a scope takes a spare list from the thread's pool. It sees only
/// reads made on the thread that opened it, so it has no async variant: after an
/// `await` the closure may run on another thread, whose reads it would miss, while
/// other tasks on this thread would record into it.
public enum ThreadLocalScope: TrackingScope {
  public static var id: String { "thread" }

  public static var followsTasks: Bool { false }

  @inlinable @inline(__always)
  public static func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    guard let current = obs_thread_scope_get() else { return }
    current.assumingMemoryBound(to: AccessList.self).pointee.record(registrar, mask)
  }

  public static func record(contentsOf reads: AccessList) {
    guard let current = obs_thread_scope_get() else { return }
    current.assumingMemoryBound(to: AccessList.self).pointee.record(contentsOf: reads)
  }

  @inlinable
  public static var isRecording: Bool { obs_thread_scope_get() != nil }

  public static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T {
    let outer = obs_thread_scope_get()
    return withUnsafeMutablePointer(to: &list) { list in
      obs_thread_scope_set(list)
      defer { obs_thread_scope_set(outer) }
      return body()
    }
  }

  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @autoclosure () -> @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    let outer = obs_thread_scope_get()
    let list = ScratchPool.acquire()
    obs_thread_scope_set(list)
    let value: T
    do {
      value = try apply()
    } catch {
      obs_thread_scope_set(outer)
      list.pointee.removeAll()
      ScratchPool.release(list)
      throw error
    }
    obs_thread_scope_set(outer)
    // A persistent observation's reads are its own (`observe`).
    if let outer, !persistent {
      outer.assumingMemoryBound(to: AccessList.self).pointee.record(contentsOf: list.pointee)
    }
    // onChange is formed only for a scope that read something.
    let observer =
      list.pointee.count > 0
      ? Observer.install(from: &list.pointee, persistent: persistent, onChange: onChange()) : nil
    ScratchPool.release(list)
    return Tracking(value: value, token: ObservationToken(observer))
  }
}
