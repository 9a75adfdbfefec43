import ObservationCore
import Testing

import CoreModels

/// A registrar's observer table holds heads up to the highest field bit linked
/// so far and grows when a higher one is linked: observers linked before and
/// after each growth, and after a list emptied, must still fire for their
/// field, and only for it.
@Suite("Observer table growth")
struct ObserverTableGrowthTests {
  @Test(arguments: StrategyCase.all)
  func observersLinkedBeforeAndAfterGrowth_fireForTheirFieldOnly(_ strategy: StrategyCase) async {
    await growth(strategy.type)
  }

  @Test(arguments: StrategyCase.all)
  func oneField_emptied_thenAnother_thenTwo_fireForTheirFieldOnly(_ strategy: StrategyCase) async {
    await oneFieldThenTwo(strategy.type)
  }

  private func oneFieldThenTwo<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Wide<S>()
      let five = Count()
      let three = Count()
      let fiveAgain = Count()
      // Field 5 alone: two observers, one a one-shot.
      let first = S.observe({ _ = model.read(5) }, onChange: { five.bump() })
      S.withTracking({ _ = model.read(5) }, onChange: { five.bump() })
      model.p5 += 1
      #expect(five.value == 2)
      first.cancel()
      #expect(model.registrar.observationCount == 0)
      // Emptied, then another field: 3.
      let second = S.observe({ _ = model.read(3) }, onChange: { three.bump() })
      model.p5 += 1
      model.p3 += 1
      // A second field (5 again) beside it.
      let third = S.observe({ _ = model.read(5) }, onChange: { fiveAgain.bump() })
      model.p3 += 1
      model.p5 += 1
      model.p0 += 1
      let perField = S.Invalidation.isPerField
      #expect(five.value == 2)
      #expect(three.value == (perField ? 2 : 5))
      #expect(fiveAgain.value == (perField ? 1 : 3))
      #expect(model.registrar.observationCount == 2)
      second.cancel()
      third.cancel()
      #expect(model.registrar.observationCount == 0)
    }
  }

  private func growth<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Wide<S>()
      // Bit 0 first (4 heads), then 5 (grown to 8), then 61 (grown to 64).
      let fields = [0, 5, 61]
      let counts = fields.map { _ in Count() }
      let tokens = zip(fields, counts).map { field, count in
        S.observe({ _ = model.read(field) }, onChange: { count.bump() })
      }
      model.p5 += 1
      model.p0 += 1
      model.p61 += 1
      model.p61 += 1
      // A field nobody observes, below and above the grown table's bits.
      model.p3 += 1
      model.p40 += 1
      let expected = S.Invalidation.isPerField ? [1, 1, 2] : [6, 6, 6]
      #expect(counts.map(\.value) == expected)
      for token in tokens { token.cancel() }
      #expect(model.registrar.observationCount == 0)
    }
  }
}
