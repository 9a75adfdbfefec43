import ObservationCore
import Testing

import CoreModels

/// Child stores scoped in place (`scope(state:change:reducer:)`): a send
/// is reduced where the child's state is stored, each ancestor making its
/// child's storage unique through `change`. It must change the same state and notify exactly
/// whom the same send routed through the root's reducer notifies, keep value
/// semantics for copies held elsewhere, and drop the action of a child that is
/// gone.
@Suite("Store scoped in place")
struct StoreInPlaceTests {
  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceSend_notifiesWhomTheRoutedSendNotifies(_ strategy: StrategyCase) async {
    await notifiesAlike(strategy.type)
  }

  private func notifiesAlike<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let routed = fires(S.self, routing: .throughRoot)
      let inPlace = fires(S.self, routing: .inPlace)
      #expect(inPlace == routed)
      // The routed counts are the documented ones: the oracle is not vacuous.
      #expect(routed.leafOnLeafWrite == 1)
      #expect(routed.leafOnSideWrite == (S.isIdentity ? 0 : 1))
      #expect(routed.middleChildOnLeafWrite == (S.isIdentity ? 0 : 1))
    }
  }

  /// What one-shot observers of a chain of depth 4 saw of leaf sends.
  private struct Fires: Equatable {
    var leafOnLeafWrite = 0
    var leafOnSideWrite = 0
    var middleChildOnLeafWrite = 0
    var rootValueOnLeafWrite = 0
  }

  private func fires<S: ObservationStrategy>(_: S.Type, routing: NodeRouting) -> Fires {
    let stores = nodeStores(S.self, depth: 4, routing: routing)
    let leaf = stores[3]
    let middle = stores[1]
    var fires = Fires()
    let ofLeaf = watch(S.self) { _ = leaf.value }
    let ofMiddleChild = watch(S.self) { _ = middle.child }
    let ofRootValue = watch(S.self) { _ = stores[0].value }
    leaf.send(.setValue(1))
    fires.leafOnLeafWrite = ofLeaf.value
    fires.middleChildOnLeafWrite = ofMiddleChild.value
    fires.rootValueOnLeafWrite = ofRootValue.value
    let ofLeafAgain = watch(S.self) { _ = leaf.value }
    leaf.send(.setSide(2))
    fires.leafOnSideWrite = ofLeafAgain.value
    #expect(leaf.value == 1)
    #expect(leaf.side == 2)
    #expect(stores[0].state.child?.child?.child?.side == 2)
    return fires
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceChain_readAfterEachSendMatchesTheRootsState(_ strategy: StrategyCase) async {
    await reads(strategy.type)
  }

  private func reads<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let depth = 9
      var stores = [Store(initialState: NodeState<S>(depth: depth), reducer: nodeTestReducer)]
      for _ in 1..<depth {
        stores.append(
          stores.last!.childInPlace(reducer: nodeTestReducer))
      }
      expectEveryStoreReadsItsNode(stores)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceSend_leavesACopyHeldElsewhereAlone(_ strategy: StrategyCase) async {
    await copies(strategy.type)
  }

  private func copies<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let stores = nodeStores(S.self, depth: 3)
      for round in 1...5 {
        // The held copy shares every buffer on the way down: the send must
        // copy them before it writes, as the routed reducer does.
        let held = stores[0].state
        let heldLeaf = stores[2].state
        stores[2].send(.setValue(round))
        #expect(held.child?.child?.value == round - 1)
        #expect(heldLeaf.value == round - 1)
        #expect(stores[2].value == round)
        #expect(stores[0].state.child?.child?.value == round)
      }
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceSendsInARow_leaveACopyTakenBetweenThemAlone(_ strategy: StrategyCase) async {
    await sendsInARow(strategy.type)
  }

  /// Sends from one store with no access to the tree between them find the
  /// state where the one before left it (``LastInPlaceSend``); any access
  /// between (here a read that keeps a copy) makes the next send walk again.
  private func sendsInARow<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let stores = nodeStores(S.self, depth: 6)
      let leaf = stores[5]
      let middle = stores[2]
      for round in 1...4 {
        for side in 1...3 { leaf.send(.setSide(round * 10 + side)) }
        let held = stores[0].state
        let heldMiddle = middle.state
        leaf.send(.setSide(round * 10 + 4))
        leaf.send(.setSide(round * 10 + 5))
        #expect(held.child?.child?.child?.child?.child?.side == round * 10 + 3)
        #expect(heldMiddle.child?.child?.child?.side == round * 10 + 3)
        // Another store's sends in between: each finds its own state.
        middle.send(.setValue(round))
        leaf.send(.setValue(round))
        middle.send(.setSide(round))
        leaf.send(.setSide(round * 10 + 6))
        #expect(leaf.side == round * 10 + 6)
        #expect(leaf.value == round)
        #expect(middle.value == round)
        #expect(middle.side == round)
        #expect(stores[0].state.child?.child?.child?.child?.child?.side == round * 10 + 6)
      }
    }
  }

  @Test(arguments: StrategyCase.withRefinements.filter { $0.type.capabilities.contains(.usableFromAnyThread) })
  func inPlaceSendsFromThreads_countEverySend_andLeaveCopiesTakenMeanwhileAlone(_ strategy: StrategyCase) {
    sendsFromThreads(strategy.type)
  }

  /// Two threads add to the leaf of a chain scoped in place, each send often
  /// right after its own last (the walk skipped), while a third takes copies
  /// of the root and checks that each keeps the leaf it had.
  private func sendsFromThreads<S: ObservationStrategy>(_: S.Type) {
    let root = Store(initialState: NodeState<S>(depth: 5), reducer: nodeReducer)
    var store = root
    for _ in 1..<4 { store = store.childInPlace(reducer: nodeReducer) }
    let leaf = store.childInPlace(reducer: { (state: inout NodeState<S>, action: NodeAction) -> Effect<NodeAction> in
      if case .setValue(let amount) = action { state.value += amount }
      return .none
    })
    let senders = 2
    let sends = StressScale.scaled(20_000)
    let changedCopies = Count()
    runConcurrently(senders + 1) { index in
      if index < senders {
        for _ in 0..<sends { leaf.send(.setValue(1)) }
      } else {
        for _ in 0..<StressScale.scaled(2_000) {
          let copy = root.state
          let before = copy.child?.child?.child?.child?.value
          for _ in 0..<8 { _ = leaf.value }
          if copy.child?.child?.child?.child?.value != before { changedCopies.bump() }
        }
      }
    }
    #expect(leaf.value == senders * sends)
    #expect(root.state.child?.child?.child?.child?.value == senders * sends)
    #expect(changedCopies.value == 0, "a copy of the root saw a later send")
  }

  @Test(arguments: StrategyCase.withRefinements.filter { $0.type.capabilities.contains(.needsObservationActor) })
  func inPlaceSend_whoseReducerKeepsACopyOfTheRoot_leavesItAlone(_ strategy: StrategyCase) async {
    await reducerKeepsACopy(strategy.type)
  }

  /// A reducer that reads the tree (possible under the isolation guard, where
  /// a send's reducer may use the stores) may keep a copy of a level above
  /// its state: the next send must not write through to it.
  private func reducerKeepsACopy<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let kept = KeptRoot<S>()
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeReducer)
      kept.root = root
      let leaf = root.childInPlace(reducer: nodeReducer).childInPlace(reducer: {
        (state: inout NodeState<S>, action: NodeAction) -> Effect<NodeAction> in
        let effect = nodeReducer(&state, action)
        // Kept once the state is written, so that the copy is of this send's
        // outcome, which the sends after it must leave alone.
        if kept.copy == nil { kept.copy = kept.root?.state }
        return effect
      })
      leaf.send(.setSide(1))
      leaf.send(.setSide(2))
      leaf.send(.setSide(3))
      #expect(kept.copy?.child?.child?.side == 1)
      #expect(leaf.side == 3)
      kept.root = nil
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceSend_runsItsEffectsInTheSameSend(_ strategy: StrategyCase) async {
    await effects(strategy.type)
  }

  private func effects<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 2), reducer: nodeReducer)
      let child = root.childInPlace(reducer: { (state: inout NodeState<S>, action: NodeAction) -> Effect<NodeAction> in
        switch action {
        case .setValue(let value):
          state.value = value
          return .merge([.send(.setSide(value + 1)), .none])
        default:
          return nodeReducer(&state, action)
        }
      })
      let ofChild = watch(S.self) {
        _ = child.value
        _ = child.side
      }
      child.send(.setValue(4))
      #expect(child.value == 4)
      #expect(child.side == 5)
      #expect(ofChild.value == 1, "one send, one notification, after its effects")
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceSend_replacingItsStateAsAWhole_notifiesTheParentsObservers(_ strategy: StrategyCase) async {
    await replaces(strategy.type)
  }

  private func replaces<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeReducer)
      let middle = root.childInPlace(reducer: nodeReducer)
      // The leaf's reducer replaces the leaf: a new identity where the old one
      // was, which the middle node's `child` field must report, as `didModify`
      // reports it when the routed reducer replaces a child.
      let leaf = middle.childInPlace(reducer: { (state: inout NodeState<S>, _: NodeAction) -> Effect<NodeAction> in
        state = NodeState(depth: 1)
        return .none
      })
      let identityBefore = middle.state.child?._$identity
      let ofMiddleChild = watch(S.self) { _ = middle.child }
      leaf.send(.setValue(1))
      #expect(middle.state.child?._$identity != identityBefore)
      #expect(ofMiddleChild.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceSend_ofAChildThatIsGone_isDropped(_ strategy: StrategyCase) async {
    await dropped(strategy.type)
  }

  private func dropped<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeTestReducer)
      let inPlace = { (store: Store<NodeState<S>, NodeTestAction>) in
        store.childInPlace(reducer: nodeTestReducer)
      }
      let middle = inPlace(root)
      let leaf = inPlace(middle)
      _ = leaf.value
      // The middle node is replaced by one without a child: the leaf's state
      // is gone, and `childForChange(at:)` finds nothing.
      root.send(.replaceChild(depth: 1))
      let ofRoot = watch(S.self) { _ = root.state }
      leaf.send(.setValue(9))
      #expect(root.state.child?.child == nil)
      #expect(root.state.child?.value == 0)
      #expect(ofRoot.value == 0)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func inPlaceChild_isCachedPerKeyPath_apartFromTheRoutedOne(_ strategy: StrategyCase) async {
    await cached(strategy.type)
  }

  private func cached<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeTestReducer)
      let inPlace = {
        root.childInPlace(reducer: nodeTestReducer)
      }
      let first = inPlace()
      #expect(first === inPlace())
      let routed = root.scope(state: .locate(\.child!, NodeState<S>.child(at:)), action: NodeTestAction.child)
      #expect(routed !== first)
      routed.send(.setValue(3))
      #expect(first.value == 3)
      first.send(.setValue(4))
      #expect(routed.value == 4)
    }
  }
}

/// What a reducer in `inPlaceSend_whoseReducerKeepsACopyOfTheRoot…` reaches
/// and keeps.
private final class KeptRoot<S: ObservationStrategy> {
  var root: Store<NodeState<S>, NodeAction>?
  var copy: NodeState<S>?
}

extension Store {
  /// The node's child store, scoped in place (`scope(state:change:reducer:)`)
  /// with `reducer`.
  fileprivate func childInPlace<S: ObservationStrategy>(
    reducer: @escaping Reducer<NodeState<S>, Action>
  ) -> Store<NodeState<S>, Action> where State == NodeState<S> {
    scope(
      state: .locate(\.child!, NodeState<S>.child(at:)), change: NodeState<S>.childForChange(at:), reducer: reducer)
  }
}
