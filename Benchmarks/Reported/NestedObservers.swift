import BenchmarkKit
import CoreModels
import ObservationCore

/// A chain of D view levels of the core, each observing its own level's state
/// through its store with a persistent `observe`, the child level's observer
/// set up inside its parent's `observe` closure: the nesting of
/// swift-navigation issue 286 (`observe { childView.setModel(model.child) }`).
///
/// An outer scope also records its inner scopes' reads, so every ancestor's
/// observer holds the leaf's read and re-runs on a leaf change. ``runs`` counts
/// observer runs after set-up (each re-reads its level, the label it updates).
/// Create, change and cancel it in the strategy's isolation.
final class CoreNestedObservers<S: ObservationStrategy> {
  typealias NodeStore = Store<NodeState<S>, NodeAction>

  /// The stores of the chain, root first, leaf last.
  let stores: [NodeStore]
  /// Observer runs since set-up.
  let runs = Tally()
  private var tokens: [ObservationToken] = []

  /// A chain of `depth` levels, each observed: the observers nested (each set
  /// up inside its parent's closure), or apart (each set up on its own, as
  /// apple's levels are).
  init(depth: Int, nested: Bool = true) {
    stores = nodeStores(S.self, depth: depth)
    tokens.reserveCapacity(depth)
    if nested {
      install(0, nested: true)
    } else {
      for level in 0..<depth { install(level, nested: false) }
    }
  }

  /// Sets up level `level`'s observer, which, `nested`, sets up the next
  /// level's inside its own closure.
  private func install(_ level: Int, nested: Bool) {
    let store = stores[level]
    let runs = self.runs
    let token = S.observe(
      {
        blackHole(store.read { $0.value })
        if nested && level + 1 < stores.count { install(level + 1, nested: true) }
      },
      onChange: {
        runs.bump()
        blackHole(store.read { $0.value })
      })
    tokens.append(token)
  }

  /// Sends `value` to the leaf from the leaf's store.
  @inline(__always)
  func changeLeaf(_ value: Int) {
    stores[stores.count - 1].send(.setValue(value))
  }

  /// Cancels every observer.
  func cancel() {
    for token in tokens { token.cancel() }
    tokens.removeAll()
  }
}
