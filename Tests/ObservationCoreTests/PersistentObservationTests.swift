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
