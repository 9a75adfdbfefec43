import CObservationSupport
import Glibc

/// Each thread's spare access lists, reused from scope to scope so that opening a
/// scope allocates nothing once the thread has warmed up.
///
/// Nested scopes each take a list of their own; a list goes back to the pool with
/// its capacity when its scope has installed its observer. The pool is freed when
/// its thread exits.
enum ScratchPool {
  /// The pool's root: the head of the free list.
  private struct Root {
    var free: UnsafeMutablePointer<AccessList>?
  }

  /// Takes a spare empty list, or makes one: for a scope's reads, or for a
  /// send's writes (`holdingRegistrars`).
  static func acquire(holdingRegistrars: Bool = false) -> UnsafeMutablePointer<AccessList> {
    if let root = obs_thread_pool_get()?.assumingMemoryBound(to: Root.self),
      let list = root.pointee.free
    {
      root.pointee.free = list.pointee.nextFree
      list.pointee.nextFree = nil
      list.pointee.holdsRegistrars = holdingRegistrars
      return list
    }
    let list = UnsafeMutablePointer<AccessList>.allocate(capacity: 1)
    list.initialize(to: AccessList())
    list.pointee.holdsRegistrars = holdingRegistrars
    return list
  }

  /// Returns an empty list to this thread's pool.
  static func release(_ list: UnsafeMutablePointer<AccessList>) {
    let root = obs_thread_pool_get()?.assumingMemoryBound(to: Root.self) ?? adoptRoot()
    list.pointee.holdsRegistrars = false
    list.pointee.nextFree = root.pointee.free
    root.pointee.free = list
  }

  private static func adoptRoot() -> UnsafeMutablePointer<Root> {
    let root = UnsafeMutablePointer<Root>.allocate(capacity: 1)
    root.initialize(to: Root(free: nil))
    obs_thread_pool_adopt(root) { raw in
      guard let root = raw?.assumingMemoryBound(to: Root.self) else { return }
      while let list = root.pointee.free {
        root.pointee.free = list.pointee.nextFree
        list.pointee.deallocate()
        list.deinitialize(count: 1)
        list.deallocate()
      }
      root.deinitialize(count: 1)
      root.deallocate()
    }
    return root
  }
}
