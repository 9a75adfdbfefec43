/// The eight strategies of the matrix, by their stable ids.
///
/// Ids are keys of CSV rows and baselines: never rename one lightly.
public enum StrategyCatalog {
  /// Every strategy, in the order reports list them.
  public static let all: [any ObservationStrategy.Type] = [
    LockThreadKeyPath.self, LockThreadWhole.self,
    LockTaskKeyPath.self, LockTaskWhole.self,
    ActorThreadKeyPath.self, ActorThreadWhole.self,
    ActorTaskKeyPath.self, ActorTaskWhole.self,
  ]

  /// The refinements measured beside the matrix: identity skipping on every
  /// per-field strategy (it changes nothing for whole invalidation).
  public static let refinements: [any ObservationStrategy.Type] = [
    IdentitySkipping<LockThreadKeyPath>.self, IdentitySkipping<LockTaskKeyPath>.self,
    IdentitySkipping<ActorThreadKeyPath>.self, IdentitySkipping<ActorTaskKeyPath>.self,
  ]

  /// Untracked-access checking on every per-field strategy, measured beside the
  /// strategy it refines (the check is the same for whole invalidation).
  public static let checked: [any ObservationStrategy.Type] = [
    UntrackedChecking<LockThreadKeyPath>.self, UntrackedChecking<LockTaskKeyPath>.self,
    UntrackedChecking<ActorThreadKeyPath>.self, UntrackedChecking<ActorTaskKeyPath>.self,
  ]

  /// The ids of `all`, in the same order.
  public static var ids: [String] { all.map { $0.id } }

  /// The strategy whose id is `id`, among `all`, `refinements` and `checked`, or `nil`.
  public static func strategy(withID id: String) -> (any ObservationStrategy.Type)? {
    (all + refinements + checked).first { $0.id == id }
  }
}
