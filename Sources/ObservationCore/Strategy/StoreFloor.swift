/// The store with observation taken out: the floor under every store
/// strategy, reported as `store-floor`.
///
/// A store's send routes an action to its reducer, walks scoped stores down
/// to where their state lives, creates and ends row stores; a strategy's
/// observation is recorded reads, watched registrars and notified observers
/// on top of that. Apple's side of a store workload writes an object and has
/// no routing, so a store strategy's ratio to apple mixes the two. Measured
/// under this strategy, the same workload keeps the routing and drops the
/// observation: nothing is recorded (``UnobservedScope``), so no registrar is
/// watched and no observer runs. A store strategy's time above it is what its
/// observation costs, to compare with apple's time above `none`.
///
/// A state still holds a registrar: the store tells states apart by their
/// registrars' identities (a row replaced, a child kept), so that much is the
/// store's. Identity skipping is on, the cheapest routing: a child changed in
/// place notes nothing.
public enum StoreFloor: ObservationStrategy {
  public typealias Registrar = MutexRegistrar
  public typealias Scope = UnobservedScope
  public typealias Invalidation = KeyPathInvalidation

  public static var id: String { "store-floor" }

  public static var skipsUnchangedIdentity: Bool { true }

  /// Whether `S` is the store floor, which notifies nobody.
  @inlinable
  public static func isFloor<S: ObservationStrategy>(_: S.Type) -> Bool { S.self == StoreFloor.self }
}
