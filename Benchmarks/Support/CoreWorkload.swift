import BenchmarkKit
import ObservationCore

/// A workload written once, generic over the core strategy.
///
/// Opening an existential metatype calls the *unspecialised* generic code, with
/// the strategy's metadata passed at run time: every read and write of the loop
/// would go through witness tables. ``prepare(id:)`` instead names each strategy
/// type statically, so the compiler specialises the workload for each one.
protocol CoreWorkload {
  /// Sets up the case for strategy `S`.
  func prepare<S: ObservationStrategy>(_ strategy: S.Type) throws -> PreparedCase
}

extension CoreWorkload {
  /// Sets up the case for the strategy whose id is `id`, specialised for it.
  ///
  /// - Throws: ``UnknownStrategy`` when `id` names no core strategy.
  func prepare(id: String) throws -> PreparedCase {
    switch id {
    case "lock-thread-keypath": return try prepare(LockThreadKeyPath.self)
    case "lock-thread-whole": return try prepare(LockThreadWhole.self)
    case "lock-task-keypath": return try prepare(LockTaskKeyPath.self)
    case "lock-task-whole": return try prepare(LockTaskWhole.self)
    case "actor-thread-keypath": return try prepare(ActorThreadKeyPath.self)
    case "actor-thread-whole": return try prepare(ActorThreadWhole.self)
    case "actor-task-keypath": return try prepare(ActorTaskKeyPath.self)
    case "actor-task-whole": return try prepare(ActorTaskWhole.self)
    case "lock-thread-keypath+identity": return try prepare(IdentitySkipping<LockThreadKeyPath>.self)
    case "lock-task-keypath+identity": return try prepare(IdentitySkipping<LockTaskKeyPath>.self)
    case "actor-thread-keypath+identity": return try prepare(IdentitySkipping<ActorThreadKeyPath>.self)
    case "actor-task-keypath+identity": return try prepare(IdentitySkipping<ActorTaskKeyPath>.self)
    case "lock-thread-keypath+checked": return try prepare(UntrackedChecking<LockThreadKeyPath>.self)
    case "lock-task-keypath+checked": return try prepare(UntrackedChecking<LockTaskKeyPath>.self)
    case "actor-thread-keypath+checked": return try prepare(UntrackedChecking<ActorThreadKeyPath>.self)
    case "actor-task-keypath+checked": return try prepare(UntrackedChecking<ActorTaskKeyPath>.self)
    default: throw UnknownStrategy(id: id)
    }
  }
}

/// The ids ``CoreWorkload/prepare(id:)`` dispatches, which must be exactly the
/// catalogue's: a test holds them equal.
enum CoreWorkloadIDs {
  /// Every id the dispatch names, in its order.
  static let all = [
    "lock-thread-keypath", "lock-thread-whole", "lock-task-keypath", "lock-task-whole",
    "actor-thread-keypath", "actor-thread-whole", "actor-task-keypath", "actor-task-whole",
    "lock-thread-keypath+identity", "lock-task-keypath+identity",
    "actor-thread-keypath+identity", "actor-task-keypath+identity",
    "lock-thread-keypath+checked", "lock-task-keypath+checked",
    "actor-thread-keypath+checked", "actor-task-keypath+checked",
  ]
}
