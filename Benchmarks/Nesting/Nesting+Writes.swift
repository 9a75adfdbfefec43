import BenchmarkKit
import CoreModels
import ObservationCore

extension Nesting {
  /// A write of the leaf's observed value, sent from the leaf's store.
  static var leafWrite: BenchmarkScenario {
    BenchmarkScenario(
      name: "leaf-write",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one send "
          + "from the leaf store at depth d setting the leaf's value, which one observer reads (apple and none: "
          + "leaf.value = x on the leaf object; 8 per loop iteration)",
      sizes: depths,
      quickSizes: quickDepths,
      strategies: StrategyIDs.stores,
      allowedSizes: allowedDepths
    ) { id, size in
      try write(id, depth: size, side: false)
    }
  }

  /// A write beside the observed path: the leaf's other field.
  static var siblingWrite: BenchmarkScenario {
    BenchmarkScenario(
      name: "sibling-write",
      summary:
        "One send from the leaf store at depth d setting the leaf's other field, beside the observed value (+identity: "
          + "0 notified; apple and none: leaf.side = x; 8 per loop iteration)",
      sizes: depths,
      quickSizes: quickDepths,
      strategies: StrategyIDs.stores,
      allowedSizes: allowedDepths
    ) { id, size in
      try write(id, depth: size, side: true)
    }
  }

  private static func write(_ id: String, depth: Int, side: Bool) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try LeafWrite(depth: depth, side: side).prepare(id: id)
    case .apple: return writeApple(depth: depth, side: side)
    case .none: return writePlain(depth: depth, side: side)
    }
  }

  /// Notifications of one leaf send under `S`, the leaf's observer having read
  /// `child` on each of the d − 1 ancestors and `value` on the leaf.
  ///
  /// A store notifies an observer once per send: with plain `keypath` every
  /// ancestor's `child` changed as a value, so the observer is notified for a
  /// write of either leaf field (of the other field only if it has ancestors);
  /// `+identity` skips the ancestors; `whole` notifies every observer of the tree.
  static func notified<S: ObservationStrategy>(_: S.Type, depth: Int, side: Bool) -> Double {
    if S.isWhole { return 1 }
    if S.isIdentity { return side ? 0 : 1 }
    return side && depth == 1 ? 0 : 1
  }

  private static func write<S: ObservationStrategy>(_: S.Type, depth: Int, side: Bool) -> PreparedCase {
    let tally = Tally()
    let (leaf, token) = S.inIsolation {
      let leaf = nodeStores(S.self, depth: depth).last!
      return (leaf, S.observe({ _ = leaf.value }, onChange: { tally.bump() }))
    }
    let cursor = Cursor()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        Mutations.writeNewValues(iterations, cursor) { leaf.send(side ? .setSide($0) : .setValue($0)) }
      },
      notifications: { tally.count },
      expected: notified(S.self, depth: depth, side: side),
      tearDown: { token.cancel() })
  }

  static func writeApple(depth: Int, side: Bool) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = depth - 1
    let leaf = root.descendant(levels)
    let tally = Tally()
    // The leaf's view reads the path from the root, as the store's leaf does.
    AppleObservation.observe(
      { [unowned(unsafe) root] in _ = root.descendant(levels).value }, onChange: { tally.bump() })
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        // The observation holds the root unowned: the case keeps it alive.
        withExtendedLifetime(root) {
          Mutations.writeNewValues(iterations, cursor) { value in
            if side { leaf.side = value } else { leaf.value = value }
          }
        }
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: side ? 0 : 1)
  }

  private static func writePlain(depth: Int, side: Bool) -> PreparedCase {
    // The floor: the leaf's field written in place on the leaf object held, as
    // apple writes its leaf; no action is wrapped per level or reduced.
    let leaf = PlainNodeObject(depth: depth).descendant(depth - 1)
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        Mutations.writeNewValues(iterations, cursor) { value in
          if side { leaf.side = value } else { leaf.value = value }
        }
      })
  }

  /// ``write`` as a ``CoreWorkload``, specialised per strategy.
  private struct LeafWrite: CoreWorkload {
    let depth: Int
    let side: Bool
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Nesting.write(S.self, depth: depth, side: side)
    }
  }
}
