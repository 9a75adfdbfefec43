import BenchmarkKit
import CoreModels
import Observation
import ObservationCore

extension Nesting {
  /// A render of the leaf: a scope that reads the leaf's value through the path
  /// from the root, installed, then fired by a write of that value.
  ///
  /// Every side ends the same way: apple cannot cancel, so an observation that
  /// was not fired would pile up on every object of the path, and the only end
  /// both have is a write that fires. The core sends the write from the leaf's
  /// store, apple writes the leaf object, `none` reads and writes the nested
  /// structs in place (the floor: no scope, no notification).
  static var leafReadTracked: BenchmarkScenario {
    BenchmarkScenario(
      name: "leaf-read-tracked",
      summary:
        "Opens a scope, reads the leaf's value at depth d through its store, closes it, then writes the leaf's value, "
          + "which fires it (1 notification; 8 per loop iteration)",
      sizes: depths,
      quickSizes: quickDepths,
      strategies: StrategyIDs.stores,
      allowedSizes: allowedDepths
    ) { id, size in
      switch try Subject(id) {
      case .core: return try LeafReadTracked(depth: size).prepare(id: id)
      case .apple: return leafReadTrackedApple(depth: size)
      case .none: return leafReadPlain(depth: size)
      }
    }
  }

  /// `iterations` × 8 renders: `render` then `write` of a new value, carried in
  /// `cursor` from one run to the next.
  @inline(__always)
  static func renderThenWrite(
    _ iterations: Int, _ cursor: Cursor, render: () -> Void, write: (Int) -> Void
  ) {
    var value = cursor.value
    repeatUnrolled(iterations) {
      render()
      value &+= 1
      write(value)
      blackHole(value)
    }
    cursor.value = value
  }

  private static func leafReadTracked<S: ObservationStrategy>(_: S.Type, depth: Int) -> PreparedCase {
    let leaf = S.inIsolation { nodeStores(S.self, depth: depth).last! }
    let tally = Tally()
    let cursor = Cursor()
    // `leaf.value` as non-generic code compiles it (see reads/store-member).
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        renderThenWrite(
          iterations, cursor,
          render: { S.withTracking({ blackHole(leaf.read { $0.value }) }, onChange: { tally.bump() }) },
          write: { leaf.send(.setValue($0)) })
      },
      notifications: { tally.count },
      expected: 1)
  }

  private static func leafReadTrackedApple(depth: Int) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = identity(depth - 1)
    let leaf = root.descendant(levels)
    let tally = Tally()
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        renderThenWrite(
          iterations, cursor,
          render: { withObservationTracking({ blackHole(root.descendant(levels).value) }, onChange: { tally.bump() }) },
          write: { leaf.value = $0 })
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 1)
  }

  private static func leafReadPlain(depth: Int) -> PreparedCase {
    // No scope: the read and the write of the nested structs, in place, are the floor.
    let store = PlainStore(initialState: PlainNode(depth: depth), reducer: plainNodeReducer)
    let levels = identity(depth - 1)
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        renderThenWrite(
          iterations, cursor,
          render: { blackHole(store.withState { PlainNode.value(below: levels, at: $0) }) },
          write: { value in store.modify { $0.modify(below: levels) { $0.value = value } } })
      })
  }

  /// ``leafReadTracked`` as a ``CoreWorkload``, specialised per strategy.
  private struct LeafReadTracked: CoreWorkload {
    let depth: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Nesting.leafReadTracked(S.self, depth: depth)
    }
  }
}
