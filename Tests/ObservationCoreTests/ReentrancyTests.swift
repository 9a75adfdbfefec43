import ObservationCore
import Testing

/// An `onChange` may read, mutate or track the object that is notifying it.
@Suite("Re-entrancy")
struct ReentrancyTests {
  @Test(arguments: StrategyCase.all)
  func onChange_readsAndMutatesTheSameObject(_ strategy: StrategyCase) async {
    await readsAndMutates(strategy.type)
  }

  private func readsAndMutates<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      nonisolated(unsafe) let unsafeModel = model
      let first = Count()
      let second = Count()
      let readInside = Recorder<Int>()
      S.withTracking({ _ = model.b }, onChange: { second.bump() })
      S.withTracking({ _ = model.a }, onChange: {
        readInside.append(unsafeModel.a)
        unsafeModel.b = 99
        first.bump()
      })
      model.a = 1
      #expect(first.value == 1)
      // With whole invalidation the write of `a` already fired the observer of `b`.
      #expect(second.value == 1)
      #expect(readInside.values == [0])
      #expect(model.b == 99)
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func onChange_rearmsItself(_ strategy: StrategyCase) async {
    await rearms(strategy.type)
  }

  private func rearms<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      nonisolated(unsafe) let unsafeModel = model
      @Sendable func arm() {
        S.withTracking({ _ = unsafeModel.a }, onChange: {
          count.bump()
          arm()
        })
      }
      arm()
      for i in 1...5 { model.a = i }
      #expect(count.value == 5)
      // The latest re-arm is waiting for the next write.
      #expect(model.registrar.observationCount == 1)
      model.a = 6
      #expect(count.value == 6)
    }
  }

  @Test(arguments: StrategyCase.all)
  func persistentOnChange_mutatesAnotherField(_ strategy: StrategyCase) async {
    await persistentMutates(strategy.type)
  }

  private func persistentMutates<S: ObservationStrategy>(_: S.Type) async {
    guard !S.isWhole else { return }  // with whole invalidation this would loop forever
    await S.isolated {
      let model = Pair<S>()
      nonisolated(unsafe) let unsafeModel = model
      let bWrites = Count()
      let mirror = S.observe({ _ = model.a }, onChange: { unsafeModel.b = unsafeModel.storedA * 10 })
      let watcher = S.observe({ _ = model.b }, onChange: { bWrites.bump() })
      model.a = 1
      model.a = 2
      #expect(model.b == 20)
      #expect(bWrites.value == 2)
      mirror.cancel()
      watcher.cancel()
      #expect(model.registrar.observationCount == 0)
    }
  }
}
