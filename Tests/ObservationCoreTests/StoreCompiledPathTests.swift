import CoreModels
import ObservationCore
import Testing

/// Child stores scoped with a compiled path (`scope(state:action:)` with a `.get` path): a cold
/// read calls the closures instead of projecting the key path, and must find the
/// same state and observe the same fields as the key path would, after sends that
/// change, replace or leave the child alone.
@Suite("Store compiled paths")
struct StoreCompiledPathTests {
  @Test(arguments: StrategyCase.withRefinements)
  func compiledChain_readAfterEachSendMatchesTheRootsState(_ strategy: StrategyCase) async {
    await chain(strategy.type, compiledEvery: 1)
  }

  @Test(arguments: StrategyCase.withRefinements)
  func mixedChain_keyPathAndCompiledSteps_readAfterEachSendMatchesTheRootsState(
    _ strategy: StrategyCase
  ) async {
    // Every other step compiled: key path steps below a compiled one are
    // projected one by one on the composed closure.
    await chain(strategy.type, compiledEvery: 2)
  }

  private func chain<S: ObservationStrategy>(_: S.Type, compiledEvery: Int) async {
    await S.isolated {
      let depth = 9
      var stores = [Store(initialState: NodeState<S>(depth: depth), reducer: nodeTestReducer)]
      for level in 1..<depth {
        let parent = stores.last!
        if level % compiledEvery == 0 {
          stores.append(parent.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child))
        } else {
          stores.append(parent.scope(state: .keyPath(\.child!), action: NodeTestAction.child))
        }
      }
      expectEveryStoreReadsItsNode(stores)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func compiledChild_isCachedPerKeyPath(_ strategy: StrategyCase) async {
    await cached(strategy.type)
  }

  private func cached<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeTestReducer)
      let first = root.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child)
      let again = root.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child)
      #expect(first === again)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func compiledChain_observesWhatTheKeyPathObserves(_ strategy: StrategyCase) async {
    await observes(strategy.type)
  }

  private func observes<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 4), reducer: nodeTestReducer)
      let middle = root.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child)
      let below = middle.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child)
      let leaf = below.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child)
      leaf.send(.setValue(1))
      // Cold read in the scope: it passes through every ancestor's `child`.
      let ofLeaf = watch(S.self) { _ = leaf.value }
      let ofMiddleChild = watch(S.self) { _ = middle.child }
      leaf.send(.setValue(10))
      #expect(ofLeaf.value == 1)
      #expect(ofMiddleChild.value == (S.isIdentity ? 0 : 1))
      #expect(leaf.value == 10)
      // A warm read replays the ancestors' reads: replacing one fires it.
      _ = leaf.value
      let ofLeafMemo = watch(S.self) { _ = leaf.value }
      middle.send(.replaceChild(depth: 2))
      #expect(ofLeafMemo.value == 1)
      #expect(leaf.value == 0)
      leaf.send(.setValue(7))
      #expect(leaf.value == 7)
      #expect(root.state.child?.child?.child?.value == 7)
      // A send that leaves the leaf alone: the next read still finds it.
      root.send(.setValue(3))
      #expect(leaf.value == 7)
      #expect(root.value == 3)
    }
  }
}
