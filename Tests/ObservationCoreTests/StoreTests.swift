import CoreModels
import ObservationCore
import Testing

/// Arms a one-shot observer of what `read` reads and returns its fire count.
func watch<S: ObservationStrategy>(_: S.Type, _ read: () -> Void) -> Count {
  let count = Count()
  S.withTracking(read, onChange: { count.bump() })
  return count
}

@Suite("Store")
struct StoreTests {
  @Test(arguments: StrategyCase.withRefinements)
  func send_reducesAndNotifiesPerStrategy(_ strategy: StrategyCase) async {
    await reduces(strategy.type)
  }

  private func reduces<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofCount = watch(S.self) { _ = store.count }
      let ofName = watch(S.self) { _ = store.name }
      store.send(.increment)
      #expect(store.count == 1)
      #expect(ofCount.value == 1)
      #expect(ofName.value == (S.isWhole ? 1 : 0), "reading name and changing count")
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func followUpActions_runInTheSameSend_andNotifyOnce(_ strategy: StrategyCase) async {
    await followUps(strategy.type)
  }

  private func followUps<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let calls = Count()
      let token = S.observe({ _ = store.count }, onChange: { calls.bump() })
      store.send(.incrementTwice)
      #expect(store.count == 2)
      #expect(calls.value == 1)
      store.send(.incrementAndRename)
      #expect(store.count == 3)
      #expect(store.name == "merged")
      #expect(calls.value == 2)
      token.cancel()
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func childCount_reachesWholeChildObserversOnlyWithoutIdentity(_ strategy: StrategyCase) async {
    await childCount(strategy.type)
  }

  private func childCount<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofChildCount = watch(S.self) { _ = store.child.count }
      let ofChild = watch(S.self) { _ = store.child }
      let ofChildLabel = watch(S.self) { _ = store.child.label }
      let ofName = watch(S.self) { _ = store.name }
      store.send(.child(.increment))
      #expect(ofChildCount.value == 1)
      // Without identity skipping, `child` changed as a value, so whoever read it
      // (also on the way to `child.label`) is notified.
      #expect(ofChild.value == (S.isIdentity ? 0 : 1))
      #expect(ofChildLabel.value == (S.isIdentity ? 0 : 1))
      #expect(ofName.value == (S.isWhole ? 1 : 0))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func persistentObserver_isCalledOncePerSend(_ strategy: StrategyCase) async {
    await oncePerSend(strategy.type)
  }

  private func oncePerSend<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let calls = Count()
      // Reads two registrars (the root's `child`, the child's `count`); a send
      // writing through both notifies the observer once.
      let token = S.observe({ _ = store.child.count; _ = store.count }, onChange: { calls.bump() })
      store.send(.child(.increment))
      #expect(calls.value == 1)
      store.send(.incrementTwice)
      #expect(calls.value == 2)
      token.cancel()
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func replacingChild_reachesBothKindsOfObserver(_ strategy: StrategyCase) async {
    await replaceChild(strategy.type)
  }

  private func replaceChild<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofChildCount = watch(S.self) { _ = store.child.count }
      let ofChild = watch(S.self) { _ = store.child }
      store.send(.replaceChild(5))
      #expect(store.child.count == 5)
      #expect(ofChildCount.value == 1)
      #expect(ofChild.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func ignoredField_neverNotifies(_ strategy: StrategyCase) async {
    await ignored(strategy.type)
  }

  private func ignored<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofNote = watch(S.self) { _ = store.note }
      let calls = Count()
      let token = S.observe({ _ = store.note }, onChange: { calls.bump() })
      store.send(.setNote("written"))
      #expect(store.note == "written")
      #expect(ofNote.value == 0)
      #expect(calls.value == 0)
      token.cancel()
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func bindingWrite_becomesAnAction(_ strategy: StrategyCase) async {
    await binding(strategy.type)
  }

  private func binding<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofName = watch(S.self) { _ = store.name }
      store.name = "Blob"
      #expect(store.name == "Blob")
      #expect(ofName.value == 1)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func scopedChildStore_readsAndSendsThroughTheParent(_ strategy: StrategyCase) async {
    await scoped(strategy.type)
  }

  private func scoped<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let child = store.scope(state: .keyPath(\.child), action: AppAction.child)
      #expect(child === store.scope(state: .keyPath(\.child), action: AppAction.child))
      let ofChildCount = watch(S.self) { _ = child.count }
      let ofName = watch(S.self) { _ = store.name }
      child.send(.increment)
      #expect(child.count == 1)
      #expect(store.child.count == 1)
      #expect(ofChildCount.value == 1)
      #expect(ofName.value == (S.isWhole ? 1 : 0))
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func deepNesting_leafWriteReachesAncestorsAsTheStrategySays(_ strategy: StrategyCase) async {
    await deep(strategy.type)
  }

  private func deep<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let depth = 6
      let root = Store(initialState: NodeState<S>(depth: depth), reducer: nodeTestReducer)
      var stores = [root]
      for _ in 1..<depth {
        stores.append(stores.last!.scope(state: .keyPath(\.child!), action: NodeTestAction.child))
      }
      let leaf = stores.last!
      let ofLeaf = watch(S.self) { _ = leaf.value }
      let ofRootChild = watch(S.self) { _ = root.child }
      let ofRootValue = watch(S.self) { _ = root.value }
      let ofMiddleValue = watch(S.self) { _ = stores[2].value }
      leaf.send(.setValue(42))
      #expect(leaf.value == 42)
      #expect(ofLeaf.value == 1)
      #expect(ofRootChild.value == (S.isIdentity ? 0 : 1))
      #expect(ofRootValue.value == (S.isWhole ? 1 : 0))
      // The middle store's reads pass through the ancestors' `child` fields, which
      // changed as values but kept their identity.
      #expect(ofMiddleValue.value == (S.isIdentity ? 0 : 1))

      // A read served from the child stores' memos (no send since the last read)
      // still observes the ancestors it passed through: replacing the root's
      // child reaches it under every strategy.
      _ = leaf.value
      let ofLeafMemo = watch(S.self) { _ = leaf.value }
      let ofMiddleMemo = watch(S.self) { _ = stores[2].value }
      root.send(.replaceChild(depth: depth - 1))
      #expect(ofLeafMemo.value == 1)
      #expect(ofMiddleMemo.value == 1)
      #expect(leaf.value == 0)

      // A write beside the observed path: the leaf's parent's own value.
      let ofLeafAgain = watch(S.self) { _ = leaf.value }
      stores[depth - 2].send(.setValue(7))
      #expect(ofLeafAgain.value == (S.isIdentity ? 0 : 1))
    }
  }
}
