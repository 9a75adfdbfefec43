import BenchmarkKit

/// Writing observed properties: unobserved, observed on the written field or on
/// another one, writing an equal value, and a store's `send`.
enum Mutations {
  /// The mutations suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "mutations",
      summary: "Writing observed properties and sending to stores, with 0 to 10 000 observers",
      scenarios: [
        noObservers,
        observed.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "observed-rearm"),
        observedOtherKeyPath, equalValue, storeSend,
        storeSendObserved.comparingIdiomaticForms(
          ScenarioForm.persistentAgainstRearmed, likeForLike: "store-send-rearm"),
        renderMutate,
        observedRearm.likeForLike(of: "observed", ScenarioForm.bothRearm),
        storeSendRearm.likeForLike(of: "store-send-observed", ScenarioForm.bothRearm),
        observedStream.comparingIdiomaticForms("observe into an AsyncStream vs apple Observations", likeForLike: nil),
      ],
      // An app's update cycle: a send, then re-rendering whoever it reached.
      headline: "render-mutate"
    )
  }

  /// Observer counts of the sweeps, log-spaced.
  static let observerCounts = [1, 10, 100, 1_000, 10_000]
  /// The observer counts of a quick run.
  static let quickObserverCounts = [1, 100]
}
