import Synchronization

/// Protects a store's state while its reducer runs and while it is read.
///
/// Chosen by the registrar kind: stores of `lock` strategies may be used from any
/// thread and take a mutex; stores of `actor` strategies live in
/// `ObservationActor`'s isolation and need nothing.
public protocol StoreGuard: Sendable {
  /// Creates an unlocked guard.
  init()

  /// Runs `body` with exclusive access to the state.
  func withExclusiveAccess<R>(_ body: () -> R) -> R
}

/// A `Synchronization.Mutex`: the `lock` registrar's guard. A class, because a
/// mutex cannot be copied and the guard is chosen through an associated type.
public final class MutexGuard: StoreGuard {
  @usableFromInline let mutex = Mutex(())

  public init() {}

  @inlinable
  public func withExclusiveAccess<R>(_ body: () -> R) -> R {
    // Mutex wants a `sending` result; the value leaves through a local instead,
    // which is sound because the guard never hands the state itself out.
    var result: R?
    mutex.withLock { _ in
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      result = body()
    }
    return result.unsafelyUnwrapped
  }
}

/// No lock: the `actor` registrar's guard; the state is isolated to
/// `ObservationActor` (checked in debug builds).
public struct IsolationGuard: StoreGuard {
  public init() {}

  @inlinable
  public func withExclusiveAccess<R>(_ body: () -> R) -> R {
    #if DEBUG
      ObservationActor.shared.assertIsolated("a store of an actor strategy was used outside ObservationActor")
    #endif
    return body()
  }
}
