import ObservationCore
import Testing

import CoreModels

/// A registrar's observer table holds heads up to the highest field bit linked
/// so far and grows when a higher one is linked: observers linked before and
/// after each growth must still fire for their field, and only for it.
@Suite("Observer table growth")
struct ObserverTableGrowthTests {
  @Test(arguments: StrategyCase.all)
  func observersLinkedBeforeAndAfterGrowth_fireForTheirFieldOnly(_ strategy: StrategyCase) async {
    await growth(strategy.type)
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
