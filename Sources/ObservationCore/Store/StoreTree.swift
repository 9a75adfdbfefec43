import Synchronization

/// What the stores of one tree share: the guard of its state and the registrar that
/// whole invalidation records every read on.
@usableFromInline
final class StoreTree<S: ObservationStrategy>: @unchecked Sendable {
  @usableFromInline let `guard` = S.Registrar.Guard()
  @usableFromInline let registrar = S.Registrar()
  /// The child stores' sources that hold a memo now; guarded. A source adds
  /// itself when it fills its memo, so a send after which nobody read pays nothing.
  /// (The guard provides exclusivity; a dynamic check would cost every send.)
  @exclusivity(unchecked) @usableFromInline var filledMemos: [any MemoizedSource] = []
  /// The sends reduced so far, counted before each reducer runs: what tells an
  /// ending source that its state may have changed since it last looked. Written
  /// under the guard; an atomic so that a row's send can ask, without taking the
  /// guard, whether one happened since its row was last found
  /// (`EndingSource.isKnownPresent`). Relaxed loads and stores are plain moves.
  @usableFromInline let sends = Atomic<UInt64>(0)
  /// The sends reduced so far that may have ended a child state: removed or
  /// replaced a row, set an optional child to nil or replaced it, replaced the
  /// root. What tells a row or optional store found present before that its
  /// state may be gone; other sends leave it present (`EndingSource.foundAt`).
  /// Written under the guard, read without by a row's send.
  @usableFromInline let endings = Atomic<UInt64>(0)
  /// The accesses under the guard so far: reads, sends, scopes, presence
  /// checks. Counted so that a send can tell that nothing touched the tree
  /// since the one before it (``LastInPlaceSend``). Written under the guard.
  @exclusivity(unchecked) @usableFromInline var accesses: UInt = 0
  /// Where the last send scoped in place found its state, while no access
  /// since may have copied a level of the way down. Guarded.
  @exclusivity(unchecked) @usableFromInline var lastInPlaceSend = LastInPlaceSend()

  @usableFromInline
  init() {}

  /// Runs `body` under the guard.
  ///
  /// A mutex guard is lent unretained: the tree holds it, and a guard loaded from
  /// the tree to call it is otherwise retained and released around every read
  /// and send.
  ///
  /// Every access is counted (`accesses`), first thing under the guard.
  @inlinable @inline(__always)
  func withExclusiveAccess<R>(_ body: () -> R) -> R {
    if S.Registrar.Guard.self == MutexGuard.self {
      let mutex = Unmanaged.passUnretained(Self.reinterpret(`guard`, as: MutexGuard.self))
      return mutex._withUnsafeGuaranteedRef {
        $0.withExclusiveAccess {
          accesses &+= 1
          return body()
        }
      }
    }
    return `guard`.withExclusiveAccess {
      accesses &+= 1
      return body()
    }
  }

  /// `value` as the `U` its caller has checked it is: a bit cast in generic
  /// code, as `unsafeDowncast` needs a class-constrained type and a guard may
  /// be a struct (`IsolationGuard`); free once specialised.
  @inlinable @inline(__always)
  static func reinterpret<T, U>(_ value: T, as _: U.Type) -> U {
    unsafeBitCast(value, to: U.self)
  }

  /// What every send does under the guard before its reducer runs: drops the
  /// memos (the state is about to change) and counts the send.
  @inlinable @inline(__always)
  func willReduce() {
    if !filledMemos.isEmpty { dropMemos() }
    sends.store(sends.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
  }

  /// What every send does under the guard after its reducer returned: counts
  /// it among the sends that may have ended a child state, if it noted one.
  @inlinable @inline(__always)
  func didReduce() {
    if ChangeList.runningMayHaveEnded {
      endings.store(endings.load(ordering: .relaxed) &+ 1, ordering: .relaxed)
    }
  }

  /// Notifies, once the guard is released, the observers of what a send
  /// changed, per the strategy: each written field's with per-field
  /// invalidation, every observer of the tree with whole invalidation.
  @inlinable @inline(__always)
  func notify(_ changes: inout ChangeList) {
    if S.Invalidation.isPerField {
      if changes.first != nil { changes.notify() }
    } else if changes.changed, !registrar.isUnwatched(1) {
      // Nobody watching the tree: one load, no call.
      registrar.notify(1)
    }
  }

  /// Drops every child store's memo: the state is about to change.
  @usableFromInline
  func dropMemos() {
    // Popped one by one: `removeAll(keepingCapacity:)` goes through the generic
    // range replacement and destroys the existentials generically (~200
    // instructions per send for one memo).
    while let memo = filledMemos.popLast() { memo.dropMemo() }
  }
}
