import CoreModels
import ObservationCore
import Testing

/// Child stores scoped with a located path (`scope(state:action:)` with a `.locate` path): a
/// cold read walks addresses from the root's memory and remembers the address
/// found until the next send. It must find the same state and observe the same
/// fields as the key path would, after sends that change, replace or leave the
/// child alone, and whatever kind of step sits above or below it.
@Suite("Store located paths")
struct StoreLocatedPathTests {
  /// How a level of a test chain is scoped.
  enum Step {
    /// a `.locate` path.
    case located
    /// a `.get` path.
    case compiled
    /// `scope(state:action:)` with the key path alone.
    case keyPath
    /// `scope(state:action:)` on the optional child: an ending store.
    case optional
  }

  @Test(arguments: StrategyCase.withRefinements)
  func locatedChain_readAfterEachSendMatchesTheRootsState(_ strategy: StrategyCase) async {
    await chain(strategy.type, steps: [.located])
  }

  @Test(arguments: StrategyCase.withRefinements)
  func mixedChain_locatedBelowOtherSteps_readAfterEachSendMatchesTheRootsState(
    _ strategy: StrategyCase
  ) async {
    // A located step below a getter or key path step locates in a copy of its
    // parent; one below a located step goes on from the address.
    await chain(strategy.type, steps: [.located, .compiled, .located, .located, .keyPath])
  }

  @Test(arguments: StrategyCase.withRefinements)
  func mixedChain_locatedRunsBelowOptionalSteps_readAfterEachSendMatchesTheRootsState(
    _ strategy: StrategyCase
  ) async {
    // Each run of located steps starts from a copy of the optional child above
    // it (no located way from the root passes an ending store) and goes on
    // from addresses below; a getter below a located run copies what it finds.
    await chain(strategy.type, steps: [.located, .located, .optional, .located, .located, .compiled, .located])
  }

  private func chain<S: ObservationStrategy>(_: S.Type, steps: [Step]) async {
    await S.isolated {
      let depth = 9
      var stores = [Store(initialState: NodeState<S>(depth: depth), reducer: nodeTestReducer)]
      for level in 1..<depth {
        let parent = stores.last!
        switch steps[(level - 1) % steps.count] {
        case .located:
          stores.append(
            parent.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child))
        case .compiled:
          stores.append(parent.scope(state: .get(\.child!, { $0.child! }), action: NodeTestAction.child))
        case .keyPath:
          stores.append(parent.scope(state: .keyPath(\.child!), action: NodeTestAction.child))
        case .optional:
          stores.append(parent.scope(state: .keyPath(\.child), action: NodeTestAction.child)!)
        }
      }
      expectEveryStoreReadsItsNode(stores)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func locatedChild_isCachedPerKeyPath(_ strategy: StrategyCase) async {
    await cached(strategy.type)
  }

  private func cached<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeTestReducer)
      let first = root.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      let again = root.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      #expect(first === again)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func locatedChain_observesWhatTheKeyPathObserves(_ strategy: StrategyCase) async {
    await observes(strategy.type)
  }

  private func observes<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 4), reducer: nodeTestReducer)
      let middle = root.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      let below = middle.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      let leaf = below.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      leaf.send(.setValue(1))
      // Cold read in the scope: it passes through every ancestor's `child`.
      let ofLeaf = watch(S.self) { _ = leaf.value }
      let ofMiddleChild = watch(S.self) { _ = middle.child }
      leaf.send(.setValue(10))
      #expect(ofLeaf.value == 1)
      #expect(ofMiddleChild.value == (S.isIdentity ? 0 : 1))
      #expect(leaf.value == 10)
      // Filled outside any scope, the memo collects its reads on the first read
      // in one; a warm read replays them: replacing an ancestor's child fires it.
      _ = leaf.value
      let ofLeafMemo = watch(S.self) { _ = leaf.value }
      middle.send(.replaceChild(depth: 2))
      #expect(ofLeafMemo.value == 1)
      // The replaced chain lives in new memory: the next read finds it there.
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

  @Test(arguments: StrategyCase.withRefinements)
  func locatedChild_stateAndReadAgree_acrossSendsThatReallocate(_ strategy: StrategyCase) async {
    await reallocates(strategy.type)
  }

  private func reallocates<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeTestReducer)
      let child = root.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      for round in 0..<20 {
        // Held copies keep the old child buffers shared, so each send's write
        // copies them to new memory the remembered address no longer is.
        let held = root.state
        child.send(.setValue(round))
        #expect(child.value == round)
        #expect(child.state.value == round)
        #expect(held.child?.value == 0)
        root.send(.replaceChild(depth: 2))
        #expect(child.value == 0)
      }
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func stateReturnedByARead_outlivesTheSendsAfterIt(_ strategy: StrategyCase) async {
    await returned(strategy.type)
  }

  private func returned<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      // A read's body may be lent the state in place rather than a copy: what
      // it returns must still be a value of its own.
      let root = Store(initialState: NodeState<S>(depth: 4), reducer: nodeTestReducer)
      let middle = root.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      let leaf = middle.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      leaf.send(.setValue(5))
      let leafBefore = leaf.read { $0 }
      let middleBefore = middle.read { $0 }
      let rootBefore = root.read { $0 }
      for round in 1...3 {
        leaf.send(.setValue(10 * round))
        middle.send(.replaceChild(depth: 2))
        #expect(leaf.value == 0)
      }
      #expect(leafBefore.value == 5)
      #expect(middleBefore.child?.value == 5)
      #expect(rootBefore.child?.child?.value == 5)
      #expect(root.read { $0.child?.child?.value } == 0)
    }
  }
}
