import CoreModels
import ObservationCore
import Testing

/// Child stores' memos: a read right after a send finds the new state, once per
/// send, and observes what the read passed through, whether the path from the
/// root is all key paths (projected at once) or passes an optional child.
@Suite("Store memos")
struct StoreMemoTests {
  @Test(arguments: StrategyCase.withRefinements)
  func keyPathBelowAnOptionalChild_readsTheNewStateAfterEachSend(_ strategy: StrategyCase) async {
    await belowOptional(strategy.type)
  }

  private func belowOptional<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 4), reducer: nodeTestReducer)
      guard let presented = root.scope(state: .keyPath(\.child), action: NodeTestAction.child) else {
        Issue.record("the child is present")
        return
      }
      let middle = presented.scope(state: .keyPath(\.child!), action: NodeTestAction.child)
      let leaf = middle.scope(state: .keyPath(\.child!), action: NodeTestAction.child)
      for value in 1...3 {
        leaf.send(.setValue(value))
        #expect(leaf.value == value)
        #expect(leaf.value == value)
      }
      let ofLeaf = watch(S.self) { _ = leaf.value }
      let ofMiddleChild = watch(S.self) { _ = middle.child }
      leaf.send(.setValue(10))
      #expect(ofLeaf.value == 1)
      #expect(ofMiddleChild.value == (S.isIdentity ? 0 : 1))
      #expect(leaf.value == 10)
      // Replacing the middle's child reaches a leaf read served from the memo.
      _ = leaf.value
      let ofLeafMemo = watch(S.self) { _ = leaf.value }
      middle.send(.replaceChild(depth: 1))
      #expect(ofLeafMemo.value == 1)
      #expect(leaf.value == 0)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func untrackedColdRead_thenTrackedWarmRead_observesTheAncestorsFields(_ strategy: StrategyCase) async {
    await lazyReads(strategy.type)
  }

  private func lazyReads<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let root = Store(initialState: NodeState<S>(depth: 3), reducer: nodeTestReducer)
      let middle = root.scope(state: .keyPath(\.child!), action: NodeTestAction.child)
      let leaf = middle.scope(state: .keyPath(\.child!), action: NodeTestAction.child)
      leaf.send(.setValue(5))
      // Filled outside any scope: the reads finding the leaf are not collected.
      #expect(leaf.value == 5)
      // The first read in a scope finds them (the ancestors' `child`).
      let ofLeaf = watch(S.self) { _ = leaf.value }
      root.send(.replaceChild(depth: 2))
      #expect(ofLeaf.value == 1)
      #expect(leaf.value == 0)
      // Twice in a row untracked, then tracked twice: one collection serves both.
      leaf.send(.setValue(6))
      #expect(leaf.value == 6)
      #expect(leaf.value == 6)
      let first = watch(S.self) { _ = leaf.value }
      let second = watch(S.self) { _ = leaf.value }
      middle.send(.replaceChild(depth: 1))
      #expect(first.value == 1)
      #expect(second.value == 1)
      #expect(leaf.value == 0)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func deepKeyPathChain_readAfterSendMatchesTheRootsState(_ strategy: StrategyCase) async {
    await deepChain(strategy.type)
  }

  private func deepChain<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let depth = 12
      var stores = [Store(initialState: NodeState<S>(depth: depth), reducer: nodeTestReducer)]
      for _ in 1..<depth {
        stores.append(stores.last!.scope(state: .keyPath(\.child!), action: NodeTestAction.child))
      }
      // Each store sends in turn; every store then reads what the root holds.
      for (level, store) in stores.enumerated() {
        store.send(.setValue(100 + level))
        for (other, reader) in stores.enumerated() {
          var node: NodeState<S>? = stores[0].state
          for _ in 0..<other { node = node?.child }
          #expect(reader.value == node?.value)
        }
      }
      for (level, store) in stores.enumerated() { #expect(store.value == 100 + level) }
    }
  }
}
