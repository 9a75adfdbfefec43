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
        // The core's send is routed through its child stores; apple's idiomatic
        // write of the leaf it holds is not, so the routed form is the fair one.
        storeAfterSend.comparingIdiomaticForms(
          "core routes the send through child stores, apple writes the leaf it holds",
          likeForLike: "store-after-send-routed"),
        storeAfterSendRouted.likeForLike(of: "store-after-send", "both route the send from the root"),
      ],
      // A view body: distinct fields of distinct objects, ended by the write that
      // invalidates it, not the same field read again and again.
      headline: "render-body"
    )
  }
}
