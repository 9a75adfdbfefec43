import BenchmarkKit

/// Reading observed properties: with no scope open, inside an open scope, and
/// through a store's dynamic member.
enum Reads {
  /// The reads suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "reads",
      summary: "Reading observed properties, untracked and inside an open tracking scope",
      scenarios: [
        untracked, untrackedScopeElsewhere, untrackedRenderScopeOpen, untrackedRenderCheckingOff,
        untrackedRenderReported, tracked, trackedProperties, trackedObjects, storeMember, renderBody,
        // The core's send goes through the store (its guard, the walk down to
        // the leaf, the reducer) where apple writes the leaf it holds; the
        // routed form has every side route the send from the root.
        storeAfterSend.comparingIdiomaticForms(
          "core sends from the leaf's store, reduced in place; apple writes the leaf it holds",
          likeForLike: "store-after-send-routed"),
        storeAfterSendRouted.likeForLike(of: "store-after-send", "both route the send from the root"),
      ],
      // A view body: distinct fields of distinct objects, ended by the write that
      // invalidates it, not the same field read again and again.
      headline: "render-body"
    )
  }
}
