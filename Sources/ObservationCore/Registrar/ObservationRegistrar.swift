import Synchronization

/// Keeps the observer tables of one observable object and announces its mutations.
///
/// The counterpart of Observation's `ObservationRegistrar`: a model holds one and
/// routes every observed read and write through it (see `ObservableModel`).
/// Conforming types are `MutexRegistrar` and `ActorRegistrar`; they differ only in
/// how the tables are protected.
public protocol ObservationRegistrar: RegistrarBase {
  /// The id used in strategy ids: `lock` or `actor`.
  static var id: String { get }

  /// Where the registrar's tables may be touched: from any thread (`lock`) or only
  /// in `ObservationActor`'s isolation (`actor`). Every list of strategies that
  /// may run on several threads at once (the contention suite, the concurrency
  /// stress tests) is derived from it, never from the id.
  static var isolation: RegistrarIsolation { get }

  /// What protects a store's state under this registrar kind.
  associatedtype Guard: StoreGuard

  /// Creates a registrar with no observers.
  init()

  /// Whether no observer watches any field of `mask`: the test a write makes
  /// before anything else, so that an unobserved write costs one load.
  func isUnwatched(_ mask: UInt64) -> Bool

  /// Fires the one-shot observers of the fields in `mask` and returns what must be
  /// notified once the new value is stored: the slow half of a write, called only
  /// when `isUnwatched(mask)` is false. Pass the result to `FirePlan.didSet`.
  func willSet(_ mask: UInt64) -> FirePlan

  /// Runs `mutation`, first firing the one-shot observers of the fields in `mask`
  /// (before the new value is stored, as Observation's `willSet` does) and then the
  /// persistent ones (after it is stored).
  ///
  /// - Complexity: O(1) with nobody watching a field of `mask`; otherwise
  ///   proportional to the observers of those fields only.
  func withMutation<T, E: Error>(
    _ mask: UInt64, _ mutation: () throws(E) -> T
  ) throws(E) -> T
}

extension ObservationRegistrar {
  /// The slow half of `withMutation`, shared by both registrar kinds: one-shot
  /// observers fire before the mutation, persistent ones after it (not at all if
  /// it throws).
  @usableFromInline
  func withObservedMutation<T, E: Error>(
    _ mask: UInt64, _ mutation: () throws(E) -> T
  ) throws(E) -> T {
    var plan = willSet(mask)
    let value: T
    do {
      value = try mutation()
    } catch {
      plan.discardPersistent()
      throw error
    }
    plan.firePersistent()
    return value
  }
}

/// What every registrar shares: its identity, and the entry points that
/// installation, cancellation and stores call without knowing its kind.
///
/// A registrar is what a model or a state value holds; its observer tables live in
/// a `RegistrarCore` made on the first tracked read. Observers hold the core, never
/// the registrar, so a model that dies unobserved-by-anyone-else takes its
/// registrar with it: the registrar's `deinit` unlinks every observer from the
/// core, and an observer left with no linked node is released (with its closure)
/// as soon as its token is gone. Observations that can never fire are reclaimed.
///
/// Observers are installed and cancelled far less often than fields are read and
/// written, so these are dynamically dispatched; the per-read and per-write paths
/// live on the final subclasses and are specialised per strategy.
public class RegistrarBase: @unchecked Sendable {
  /// A number no other registrar of this process ever had: the identity of the
  /// state or model holding it. Unlike the registrar's address, it is never reused
  /// after the registrar is freed, so a replaced child never passes for the one it
  /// replaced.
  public let identity: UInt64

  /// Where this registrar's entry probably sits in the list of writes of the
  /// send that wrote it last (`AccessList.recordWrite`): a hint, checked against
  /// the list before it is trusted. Scopes keep theirs on the core.
  @usableFromInline let listSlot = Atomic<UInt32>(UInt32.max)

  /// The core (a `RegistrarCore`, retained once) once made, else nil; set once,
  /// never changed. Kept here rather than in each kind, so that a tracked read
  /// finds it with one load, without knowing the registrar's kind: it is what
  /// the read records (`AccessList.record`).
  @usableFromInline let coreSlot = Atomic<UnsafeMutableRawPointer?>(nil)

  private static let lastIdentity = Atomic<UInt64>(0)

  @usableFromInline
  init() {
    identity = RegistrarBase.lastIdentity.add(1, ordering: .relaxed).newValue
  }

  /// The core holding this registrar's observer tables, made on first use. It
  /// lives at least as long as the registrar.
  ///
  /// Unretained: the registrar holds the core, and every caller holds the
  /// registrar while it uses it, or retains the core at once (a tracked read
  /// recording it). Returned as a reference,
  /// it cost a retain and a release per call where the caller only compares or
  /// retains it itself: one pair of the 17 reference-count operations that
  /// `scopes/track-fire` made per install (callgrind).
  func linkingCore() -> Unmanaged<RegistrarCore> {
    if let core = coreSlot.load(ordering: .acquiring) { return Unmanaged.fromOpaque(core) }
    let fresh = makeCore()
    let (exchanged, original) = coreSlot.compareExchange(
      expected: nil, desired: fresh.toOpaque(), ordering: .acquiringAndReleasing
    )
    if exchanged { return fresh }
    fresh.release()
    return Unmanaged.fromOpaque(original.unsafelyUnwrapped)
  }

  /// A new core of this registrar's kind, retained once, with this registrar
  /// as its only front.
  func makeCore() -> Unmanaged<RegistrarCore> {
    preconditionFailure("subclass responsibility")
  }

  /// Makes `shared`, the core of a registrar this one replaces, this one's core
  /// too, unless this one has a core already.
  /// - Returns: whether `shared` is now this registrar's core.
  func adoptCore(_ shared: Unmanaged<RegistrarCore>) -> Bool {
    _ = shared.retain()
    guard coreSlot.compareExchange(
      expected: nil, desired: shared.toOpaque(), ordering: .acquiringAndReleasing
    ).exchanged else {
      shared.release()
      return false
    }
    return true
  }

  /// The core, if made.
  var existingCore: Unmanaged<RegistrarCore>? {
    coreSlot.load(ordering: .acquiring).map { Unmanaged.fromOpaque($0) }
  }

  /// Makes this registrar share the observer tables of `predecessor`, a registrar
  /// of the same kind that this one replaces (a store's root state replaced as a
  /// whole): observers of the old root keep observing the new one.
  /// - Returns: whether the observers of `predecessor` now watch this registrar;
  ///   false when this registrar already has observers of its own.
  func adoptObservers(of predecessor: RegistrarBase) -> Bool {
    preconditionFailure("subclass responsibility")
  }

  /// Notifies the observers of the fields in `mask`, as a write of them would.
  @usableFromInline
  func notify(_ mask: UInt64) {
    var plan = takePlan(mask)
    plan.fireOneShots()
    plan.firePersistent()
  }

  /// Takes what a write of the fields in `mask` must notify, without notifying:
  /// one-shot observers unlinked, persistent ones retained.
  func takePlan(_ mask: UInt64) -> FirePlan {
    preconditionFailure("subclass responsibility")
  }

  /// The number of observations linked into this registrar's tables (one per
  /// observed field per observer); zero once every observer fired or was cancelled.
  public var observationCount: Int {
    preconditionFailure("subclass responsibility")
  }
}

/// Where a registrar kind may be used: the capability that decides whether a
/// strategy can be measured and tested with several threads writing at once.
public enum RegistrarIsolation: Sendable, Hashable {
  /// Any thread, at any time: the tables are behind a lock.
  case anyThread
  /// Only in `ObservationActor`'s isolation; code outside hops in.
  case observationActor
}
