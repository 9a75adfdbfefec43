import BenchmarkKit
import CoreModels
import ObservationCore

extension Nesting {
  /// ``leafWrite`` like for like: the leaf's observer re-arms a one-shot scope
  /// in its `onChange` on both sides (core: `withTracking`, as
  /// ``CoreRearmedObservation`` writes it; apple: `withObservationTracking`,
  /// the same row as leaf-write's), so each send is followed by the re-arm's
  /// read of the leaf through its store, d levels down, right after the send.
  static var leafWriteRearm: BenchmarkScenario {
    BenchmarkScenario(
      name: "leaf-write-rearm",
      summary:
        "Like-for-like leaf-write: one send from the leaf store at depth d setting the leaf's value; its one re-armed "
          + "one-shot observer fires and re-reads it (apple: withObservationTracking; 8 per loop iteration)",
      sizes: depths,
      quickSizes: quickDepths,
      strategies: StrategyIDs.stores,
      allowedSizes: allowedDepths
    ) { id, size in
      switch try Subject(id) {
      case .core: return try RearmedLeafWrite(depth: size).prepare(id: id)
      case .apple: return writeApple(depth: size, side: false)
      case .none: return writeThenReadPlain(depth: size)
      }
    }
  }

  private static func writeRearmed<S: ObservationStrategy>(_: S.Type, depth: Int) -> PreparedCase {
    let tally = Tally()
    let leaf = S.inIsolation {
      let leaf = nodeStores(S.self, depth: depth).last!
      // `read` rather than the dynamic member: a key path literal in generic
      // code is instantiated at run time on every re-arm (see reads/store-member).
      CoreRearmedObservation.observe(
        S.self, { [unowned(unsafe) leaf] in _ = leaf.read { $0.value } }, onChange: { tally.bump() })
      return leaf
    }
    let cursor = Cursor()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        withExtendedLifetime(leaf) {
          Mutations.writeNewValues(iterations, cursor) { leaf.send(.setValue($0)) }
        }
      },
      notifications: { tally.count },
      expected: notified(S.self, depth: depth, side: false))
  }

  /// The floor: the held leaf written in place, then read again through the
  /// chain from the root, as the re-arm reads it: plain nested structs in
  /// memory of their own, walked by address (``PlainNode/value(below:at:)``),
  /// as the core's located read walks its chain. A chain of plain objects
  /// (`root.descendant(levels)`) retains and releases each level on the way:
  /// 648 ns at depth 64, more than the core's send and re-armed read together.
  private static func writeThenReadPlain(depth: Int) -> PreparedCase {
    let root = UnsafeMutablePointer<PlainNode>.allocate(capacity: 1)
    root.initialize(to: PlainNode(depth: depth))
    let levels = identity(depth - 1)
    // Nothing copies the nodes, so the leaf stays where it was found: the
    // held leaf, as apple holds its leaf object.
    let leaf = UnsafeMutablePointer(mutating: PlainNode.node(below: levels, at: root))
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        Mutations.writeNewValues(iterations, cursor) { value in
          leaf.pointee.value = value
          blackHole(PlainNode.value(below: levels, at: root))
        }
      },
      tearDown: {
        root.deinitialize(count: 1)
        root.deallocate()
      })
  }

  /// ``leafWriteRearm`` as a ``CoreWorkload``, specialised per strategy.
  private struct RearmedLeafWrite: CoreWorkload {
    let depth: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Nesting.writeRearmed(S.self, depth: depth)
    }
  }
}
