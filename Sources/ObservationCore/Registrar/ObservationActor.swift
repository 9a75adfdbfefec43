/// The actor whose isolation protects every `ActorRegistrar`.
///
/// Models of `actor-*` strategies live in this isolation, the way SwiftUI models
/// live on the main actor: inside it every registrar call is a plain synchronous
/// call with no lock; from outside, code hops in with `run`.
@globalActor
public actor ObservationActor {
  /// The one instance.
  public static let shared = ObservationActor()

  /// Runs `body` in the actor's isolation: the hop that code outside pays.
  public static func run<T: Sendable, E: Error>(
    _ body: @ObservationActor () throws(E) -> T
  ) async throws(E) -> T {
    try await body()
  }
}
