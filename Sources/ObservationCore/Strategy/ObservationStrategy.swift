/// One point of the strategy matrix: a registrar, a tracking scope and an
/// invalidation policy, chosen at compile time.
///
/// Models, scopes and workloads are generic over a strategy, so each of the eight
/// combinations is specialised on its own and a benchmark measures the strategy's
/// own costs, never a dynamic dispatch that the strategy itself would not have.
/// `StrategyCatalog` maps the stable ids (`lock-thread-keypath`, …) to these types
/// for run-time selection.
///
/// Choosing an `actor` registrar is a promise that every use of the models —
/// reads, writes, observing, cancelling, dropping the last reference — happens in
/// `ObservationActor`'s isolation. Debug builds check it; release builds do not
/// (see `ActorRegistrar`), and a broken promise is a data race there.
public protocol ObservationStrategy: Sendable {
  /// Keeps the observer tables of one observable object.
  associatedtype Registrar: ObservationRegistrar
  /// Collects the reads made while a tracking closure runs.
  associatedtype Scope: TrackingScope
  /// Maps a field to the bit that a read records and a write announces.
  associatedtype Invalidation: InvalidationPolicy

  /// The stable id of the strategy: `<registrar>-<scope>-<invalidation>`, with
  /// `+refinement` suffixes for refinements.
  static var id: String { get }

  /// Whether a store skips notifying observers of a child state when the child
  /// kept its identity (TCA's `_$id` idea): `state.child.count += 1` then reaches
  /// observers of `child.count` but not those that read only `child`.
  static var skipsUnchangedIdentity: Bool { get }

  /// Whether a read made during a render with no tracking scope open is reported
  /// (the `+checked` refinement, `UntrackedChecking`).
  static var checksUntrackedAccess: Bool { get }
}

extension ObservationStrategy {
  public static var id: String { "\(Registrar.id)-\(Scope.id)-\(Invalidation.id)" }

  public static var skipsUnchangedIdentity: Bool { false }

  public static var checksUntrackedAccess: Bool { false }
}

/// `Base` refined with identity-based skipping of unchanged child state, reported
/// as `<base id>+identity`.
///
/// Only stores see the difference: objects have no child state.
public enum IdentitySkipping<Base: ObservationStrategy>: ObservationStrategy {
  public typealias Registrar = Base.Registrar
  public typealias Scope = Base.Scope
  public typealias Invalidation = Base.Invalidation

  public static var id: String { "\(Base.id)+identity" }

  public static var skipsUnchangedIdentity: Bool { true }

  public static var checksUntrackedAccess: Bool { Base.checksUntrackedAccess }
}

/// The strategy made of `Registrar`, `Scope` and `Invalidation`.
///
/// An uninhabited type: it only names a combination. Spell a strategy as
/// `Strategy<MutexRegistrar, ThreadLocalScope, KeyPathInvalidation>` or use the
/// aliases below.
public enum Strategy<
  Registrar: ObservationRegistrar,
  Scope: TrackingScope,
  Invalidation: InvalidationPolicy
>: ObservationStrategy {}

/// `lock-thread-keypath`
public typealias LockThreadKeyPath = Strategy<MutexRegistrar, ThreadLocalScope, KeyPathInvalidation>
/// `lock-thread-whole`
public typealias LockThreadWhole = Strategy<MutexRegistrar, ThreadLocalScope, WholeInvalidation>
/// `lock-task-keypath`
public typealias LockTaskKeyPath = Strategy<MutexRegistrar, TaskLocalScope, KeyPathInvalidation>
/// `lock-task-whole`
public typealias LockTaskWhole = Strategy<MutexRegistrar, TaskLocalScope, WholeInvalidation>
/// `actor-thread-keypath`
public typealias ActorThreadKeyPath = Strategy<ActorRegistrar, ThreadLocalScope, KeyPathInvalidation>
/// `actor-thread-whole`
public typealias ActorThreadWhole = Strategy<ActorRegistrar, ThreadLocalScope, WholeInvalidation>
/// `actor-task-keypath`
public typealias ActorTaskKeyPath = Strategy<ActorRegistrar, TaskLocalScope, KeyPathInvalidation>
/// `actor-task-whole`
public typealias ActorTaskWhole = Strategy<ActorRegistrar, TaskLocalScope, WholeInvalidation>
