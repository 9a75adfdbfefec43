import ObservationCore
import Testing

/// The behaviours of Observation's `withObservationTracking`, for every strategy.
@Suite("withTracking")
struct TrackingTests {
  @Test(arguments: StrategyCase.all)
  func firesOnce_whenTrackedFieldChangesTwice(_ strategy: StrategyCase) async {
    await oneShot(strategy.type)
  }

  private func oneShot<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      S.withTracking({ _ = model.a }, onChange: { count.bump() })
      model.a = 1
      model.a = 2
      #expect(count.value == 1)
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func onChange_seesTheOldValue(_ strategy: StrategyCase) async {
    await beforeStore(strategy.type)
  }

  private func beforeStore<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>(a: 7)
      let seen = Recorder<Int>()
      nonisolated(unsafe) let unsafeModel = model
      S.withTracking({ _ = model.a }, onChange: { seen.append(unsafeModel.storedA) })
      model.a = 8
      #expect(seen.values == [7])
      #expect(model.storedA == 8)
    }
  }

  @Test(arguments: StrategyCase.all)
  func readingA_changingB_firesOnlyForWhole(_ strategy: StrategyCase) async {
    await otherField(strategy.type)
  }

  private func otherField<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      let token = S.withTracking({ _ = model.a }, onChange: { count.bump() }).token
      model.b = 1
      // Whole-object invalidation over-notifies by design; per-field does not.
      #expect(count.value == (S.isWhole ? 1 : 0))
      #expect(token.isActive == !S.isWhole)
      token.cancel()
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func computedProperty_tracksWhatItReads(_ strategy: StrategyCase) async {
    await computed(strategy.type)
  }

  private func computed<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>(a: 1, b: 2)
      let count = Count()
      let sum = S.withTracking({ model.sum }, onChange: { count.bump() }).value
      #expect(sum == 3)
      model.b = 5
      #expect(count.value == 1)
    }
  }

  @Test(arguments: StrategyCase.all)
  func readThroughGraph_tracksTheObjectRead(_ strategy: StrategyCase) async {
    await graph(strategy.type)
  }

  private func graph<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let parent = Pair<S>()
      let child = Pair<S>()
      let stranger = Pair<S>()
      parent.child = child
      let count = Count()
      S.withTracking({ _ = parent.child?.a }, onChange: { count.bump() })
      stranger.a = 1
      #expect(count.value == 0)
      child.a = 1
      #expect(count.value == 1)

      let replaced = Count()
      S.withTracking({ _ = parent.child?.a }, onChange: { replaced.bump() })
      parent.child = Pair<S>()
      #expect(replaced.value == 1)
      #expect(child.registrar.observationCount == 0)
      #expect(parent.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func nestedScopes_bothFire(_ strategy: StrategyCase) async {
    await nested(strategy.type)
  }

  private func nested<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let outer = Count()
      let inner = Count()
      S.withTracking(
        {
          S.withTracking({ _ = model.a }, onChange: { inner.bump() })
        }, onChange: { outer.bump() })
      model.a = 1
      #expect(outer.value == 1)
      #expect(inner.value == 1)
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func recursiveScopes_fireInTheRightCounts(_ strategy: StrategyCase) async {
    await recursive(strategy.type)
  }

  private func recursive<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let x = Pair<S>()
      let y = Pair<S>()
      let outer = Count()
      let inner = Count()
      // The outer scope reads x and, through its inner scope, y.
      S.withTracking(
        {
          _ = x.a
          S.withTracking({ _ = y.a }, onChange: { inner.bump() })
        }, onChange: { outer.bump() })
      x.a = 1
      #expect(outer.value == 1)
      #expect(inner.value == 0)
      y.a = 1
      #expect(outer.value == 1)
      #expect(inner.value == 1)

      let outer2 = Count()
      let inner2 = Count()
      S.withTracking(
        {
          _ = x.a
          S.withTracking({ _ = y.a }, onChange: { inner2.bump() })
        }, onChange: { outer2.bump() })
      y.a = 2
      x.a = 2
      #expect(outer2.value == 1)
      #expect(inner2.value == 1)
      #expect(x.registrar.observationCount == 0)
      #expect(y.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func onChange_isFormedOnlyWhenTheScopeReadSomething(_ strategy: StrategyCase) async {
    await formedOnlyWhenRead(strategy.type)
  }

  private func formedOnlyWhenRead<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let formed = Count()
      let fired = Count()
      func handler() -> @Sendable () -> Void {
        formed.bump()
        return { fired.bump() }
      }
      S.withTracking({}, onChange: handler())
      S.observe({}, onChange: handler()).cancel()
      #expect(formed.value == 0, "a scope that read nothing forms no onChange")
      let token = S.withTracking({ _ = model.a }, onChange: handler()).token
      #expect(formed.value == 1)
      model.a = 1
      #expect(fired.value == 1)
      token.cancel()
    }
  }

  @Test(arguments: StrategyCase.all)
  func ignoredProperty_neverFires(_ strategy: StrategyCase) async {
    await ignored(strategy.type)
  }

  private func ignored<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      let tracking = S.withTracking({ model.note }, onChange: { count.bump() })
      model.note = "changed"
      #expect(count.value == 0)
      #expect(!tracking.token.isActive)
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func inPlaceAppend_keepsTheBuffer(_ strategy: StrategyCase) async {
    await inPlace(strategy.type)
  }

  private func inPlace<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      model.reserveItems(16)
      model.append(0)
      let before = model.itemsAddress
      let count = Count()
      S.withTracking({ _ = model.items.count }, onChange: { count.bump() })
      model.append(1)
      #expect(count.value == 1)
      #expect(model.itemsAddress == before)
      #expect(model.items == [0, 1])
    }
  }

  @Test(arguments: StrategyCase.all)
  func cancel_preventsTheFireAndEmptiesTheTables(_ strategy: StrategyCase) async {
    await cancelled(strategy.type)
  }

  private func cancelled<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let x = Pair<S>()
      let y = Pair<S>()
      let count = Count()
      let token = S.withTracking({ _ = x.a + x.b + y.a }, onChange: { count.bump() }).token
      #expect(x.registrar.observationCount == (S.isWhole ? 1 : 2))
      #expect(y.registrar.observationCount == 1)
      token.cancel()
      token.cancel()
      x.a = 1
      y.a = 1
      #expect(count.value == 0)
      #expect(!token.isActive)
      #expect(x.registrar.observationCount == 0)
      #expect(y.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func fireThroughOneObject_leavesTheOthersTables(_ strategy: StrategyCase) async {
    await fireLeaves(strategy.type)
  }

  private func fireLeaves<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let models = (0..<5).map { _ in Pair<S>() }
      let count = Count()
      S.withTracking({ for m in models { _ = m.a + m.b } }, onChange: { count.bump() })
      models[3].b = 1
      #expect(count.value == 1)
      for model in models { #expect(model.registrar.observationCount == 0) }
    }
  }

  @Test(arguments: StrategyCase.all)
  func emptyScope_installsNothing(_ strategy: StrategyCase) async {
    await empty(strategy.type)
  }

  private func empty<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let value = S.withTracking({ 42 }, onChange: {})
      #expect(value.value == 42)
      #expect(!value.token.isActive)
    }
  }

  @Test(arguments: StrategyCase.all)
  func throwingApply_installsNothing(_ strategy: StrategyCase) async {
    await throwing(strategy.type)
  }

  private struct Failure: Error {}

  private func throwing<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      #expect(throws: Failure.self) {
        try S.withTracking(
          { () throws(Failure) -> Int in
            _ = model.a
            throw Failure()
          }, onChange: { count.bump() })
      }
      model.a = 1
      #expect(count.value == 0)
      #expect(model.registrar.observationCount == 0)
    }
  }
}
