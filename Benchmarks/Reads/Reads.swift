import BenchmarkKit

/// Reading observed properties: with no scope open, inside an open scope, and
/// through a store's dynamic member.
enum Reads {
  /// The reads suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "reads",
      summary: "Reading observed properties, untracked and inside an open tracking scope",
      scenarios: [untracked, untrackedScopeElsewhere, untrackedRenderScopeOpen, untrackedRenderCheckingOff, untrackedRenderReported, tracked, trackedProperties, trackedObjects, storeMember, renderBody, storeAfterSend, storeAfterSendRouted],
      // A view body: distinct fields of distinct objects, ended by the write that
      // invalidates it, not the same field read again and again.
      headline: "render-body"
    )
  }
}
