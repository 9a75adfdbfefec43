import ObservationCore
import Testing

@Suite("observe")
struct PersistentObservationTests {
  @Test(arguments: StrategyCase.all)
  func firesOnEveryChange_afterTheValueIsStored(_ strategy: StrategyCase) async {
    await everyChange(strategy.type)
  }

  private func everyChange<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let seen = Recorder<Int>()
      nonisolated(unsafe) let unsafeModel = model
      let token = S.observe({ _ = model.a }, onChange: { seen.append(unsafeModel.storedA) })
      model.a = 1
      model.a = 2
      model.a = 3
      #expect(seen.values == [1, 2, 3])
      #expect(token.isActive)
      token.cancel()
      model.a = 4
      #expect(seen.values == [1, 2, 3])
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func otherField_reachesOnlyWhole(_ strategy: StrategyCase) async {
    await otherField(strategy.type)
  }

  private func otherField<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      let token = S.observe({ _ = model.a }, onChange: { count.bump() })
      model.b = 1
      model.b = 2
      #expect(count.value == (S.isWhole ? 2 : 0))
      token.cancel()
    }
  }

  /// An `observe` set up inside another's closure keeps its reads: a write of
  /// what only the inner one read runs the inner one alone. A one-shot
  /// `withTracking` inside, as apple's, still adds its reads to the outer.
  @Test(arguments: StrategyCase.all)
  func nestedObserve_keepsItsReads_andOneShotAddsThemToTheOuter(_ strategy: StrategyCase) async {
    await nested(strategy.type)
  }

  private func nested<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let outer = Count()
      let inner = Count()
      var innerToken: ObservationToken?
      let token = S.observe(
        {
          _ = model.a
          innerToken = S.observe({ _ = model.b }, onChange: { inner.bump() })
        }, onChange: { outer.bump() })
      model.b = 1
      #expect(inner.value == 1)
      // `whole` reaches every observer of the model on any write.
      #expect(outer.value == (S.isWhole ? 1 : 0))
      model.a = 1
      #expect(outer.value == (S.isWhole ? 2 : 1))
      token.cancel()
      innerToken?.cancel()

      let oneShotOuter = Count()
      let outerToken = S.observe(
        { S.withTracking({ _ = model.b }, onChange: {}) }, onChange: { oneShotOuter.bump() })
      model.b = 2
      #expect(oneShotOuter.value == 1)
      outerToken.cancel()
    }
  }

  @Test(arguments: StrategyCase.all)
  func manyObservers_eachCalledOncePerWrite(_ strategy: StrategyCase) async {
    await many(strategy.type)
  }

  private func many<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let counts = (0..<100).map { _ in Count() }
      let tokens = counts.map { count in S.observe({ _ = model.a }, onChange: { count.bump() }) }
      for i in 1...10 { model.a = i }
      #expect(counts.allSatisfy { $0.value == 10 })
      #expect(model.registrar.observationCount == 100)
      for token in tokens { token.cancel() }
      #expect(model.registrar.observationCount == 0)
    }
  }
}
