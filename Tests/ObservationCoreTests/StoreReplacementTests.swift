import ObservationCore
import Testing

private enum RootAction {
  case replace(Int)
  case increment
}

/// Replacing state as a whole — the root, a child reset in place, an optional
/// child reset through `?` — is a change everyone who read it sees, in debug and
/// release builds alike; assigning an equal value is not a change.
@Suite("Store replacement")
struct StoreReplacementTests {
  @Test(arguments: StrategyCase.withRefinements)
  func replacingTheRoot_notifiesItsReaders_andPersistentObserversFollow(_ strategy: StrategyCase) async {
    await replaceRoot(strategy.type)
  }

  private func replaceRoot<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      // The repro: a reducer assigning a new root (a state of one
      // observed field, whatever its name).
      let store = Store(initialState: ChildState<S>()) { (state: inout ChildState<S>, action: RootAction) in
        switch action {
        case .replace(let count): state = ChildState(count: count)
        case .increment: state.count += 1
        }
        return Effect<RootAction>.none
      }
      let oneShot = watch(S.self) { _ = store.count }
      let calls = Count()
      let token = S.observe({ _ = store.count }, onChange: { calls.bump() })
      store.send(.replace(42))
      #expect(store.count == 42)
      #expect(oneShot.value == 1)
      #expect(calls.value == 1)
      // The persistent observer now watches the new root.
      store.send(.increment)
      #expect(store.count == 43)
      #expect(calls.value == 2)
      // And again after a second replacement.
      store.send(.replace(7))
      store.send(.increment)
      #expect(calls.value == 4)
      token.cancel()
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func replacingTheRoot_reachesReadersOfEveryField(_ strategy: StrategyCase) async {
    await replaceAppRoot(strategy.type)
  }

  private func replaceAppRoot<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofCount = watch(S.self) { _ = store.count }
      let ofName = watch(S.self) { _ = store.name }
      let ofChildCount = watch(S.self) { _ = store.child.count }
      let nameCalls = Count()
      let token = S.observe({ _ = store.name }, onChange: { nameCalls.bump() })
      store.send(.replaceRoot(count: 5))
      #expect(store.count == 5)
      #expect(ofCount.value == 1)
      #expect(ofName.value == 1)
      #expect(ofChildCount.value == 1)
      #expect(nameCalls.value == 1)
      store.send(.binding(BindingAction(set: \.name, to: "new")))
      #expect(nameCalls.value == 2)
      store.send(.increment)
      #expect(nameCalls.value == (S.isWhole ? 3 : 2))
      token.cancel()
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func resettingAChild_isAReplacement_everyTime(_ strategy: StrategyCase) async {
    await resetChild(strategy.type)
  }

  private func resetChild<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      // Many rounds: with identities taken from addresses, the freed child's
      // registrar address was reused by its replacement in release builds.
      for round in 1...50 {
        let ofChild = watch(S.self) { _ = store.child }
        let ofChildCount = watch(S.self) { _ = store.child.count }
        store.send(.resetChild)
        #expect(ofChild.value == 1, "round \(round)")
        #expect(ofChildCount.value == 1, "round \(round)")
      }
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func resettingAnOptionalChild_isAReplacement_everyTime(_ strategy: StrategyCase) async {
    await resetPresented(strategy.type)
  }

  private func resetPresented<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      store.send(.present)
      for round in 1...50 {
        let ofPresented = watch(S.self) { _ = store.presented }
        store.send(.resetPresented)
        #expect(ofPresented.value == 1, "round \(round)")
      }
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func assigningAnEqualValue_notifiesNobody(_ strategy: StrategyCase) async {
    await equalValue(strategy.type)
  }

  private func equalValue<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let ofCount = watch(S.self) { _ = store.count }
      let ofName = watch(S.self) { _ = store.name }
      store.count = store.count
      store.name = store.name
      #expect(ofCount.value == 0)
      #expect(ofName.value == 0)
      store.count = 3
      #expect(ofCount.value == 1)
    }
  }
}
