/// One point of the strategy matrix: a registrar, a tracking scope and an
/// invalidation policy, chosen at compile time.
///
/// Models, scopes and workloads are generic over a strategy, so each of the eight
/// combinations is specialised on its own and a benchmark measures the strategy's
/// own costs, never a dynamic dispatch that the strategy itself would not have.
/// `StrategyCatalog` maps the stable ids (`lock-thread-keypath`, …) to these types
/// for run-time selection.
public protocol ObservationStrategy: Sendable {
  /// Keeps the observer tables of one observable object.
  associatedtype Registrar: ObservationRegistrar
  /// Collects the reads made while a tracking closure runs.
  associatedtype Scope: TrackingScope
  /// Maps a field to the bit that a read records and a write announces.
  associatedtype Invalidation: InvalidationPolicy
}

extension ObservationStrategy {
  /// The stable id of the strategy: `<registrar>-<scope>-<invalidation>`.
  public static var id: String { "\(Registrar.id)-\(Scope.id)-\(Invalidation.id)" }
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
