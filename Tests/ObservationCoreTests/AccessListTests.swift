import ObservationCore
import Testing

/// A scope that moves among many objects and back records one entry per object
/// (found again through the registrar's slot hint, or merged), whatever other
/// scopes read the same objects in between.
@Suite("Access lists across objects")
struct AccessListTests {
  @Test(arguments: StrategyCase.all)
  func movingAmongObjects_linksOneObservationPerObjectField(_ strategy: StrategyCase) async {
    await moving(strategy.type)
  }

  private func moving<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      // More than 32 objects, so that the list also grows (and merges) meanwhile.
      let models = (0..<40).map { _ in Pair<S>() }
      let count = Count()
      S.withTracking({
        for model in models { _ = model.a }
        for model in models { _ = model.b }
        for model in models.reversed() { _ = model.a }
      }, onChange: { count.bump() })
      for model in models {
        #expect(model.registrar.observationCount == (S.isWhole ? 1 : 2))
      }
      models[17].b = 1
      #expect(count.value == 1)
      for model in models { #expect(model.registrar.observationCount == 0) }
    }
  }

  @Test(arguments: StrategyCase.all)
  func innerScopeOnTheSameObjects_leavesTheOuterOneEntryPerObject(_ strategy: StrategyCase) async {
    await nested(strategy.type)
  }

  private func nested<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let models = (0..<40).map { _ in Pair<S>() }
      let outer = Count()
      let inner = Count()
      S.withTracking({
        for model in models { _ = model.a }
        // The inner scope points every registrar's hint at its own list.
        S.withTracking({
          for model in models { _ = model.a }
        }, onChange: { inner.bump() })
        for model in models { _ = model.a }
      }, onChange: { outer.bump() })
      // One node for the inner observer, one for the outer (which also saw the
      // inner scope's reads), per model.
      for model in models { #expect(model.registrar.observationCount == 2) }
      models[3].a = 1
      #expect(outer.value == 1)
      #expect(inner.value == 1)
      for model in models { #expect(model.registrar.observationCount == 0) }
    }
  }

  @Test(arguments: StrategyCase.all)
  func aModelFreedInsideTheScope_doesNotHideTheNextOneRead(_ strategy: StrategyCase) async {
    await freedInside(strategy.type)
  }

  /// A scope's list does not keep the models it read alive: one freed inside
  /// the scope may leave its address to the next one made. The next one's read
  /// must still be recorded as its own (the list compares cores, which it keeps).
  private func freedInside<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let count = Count()
      var last: Pair<S>?
      S.withTracking({
        // Several rounds: the allocator reuses a freed block of the same size.
        for _ in 0..<8 {
          last = nil
          do {
            let gone = Pair<S>()
            _ = gone.a
          }
          let next = Pair<S>()
          _ = next.a
          last = next
        }
      }, onChange: { count.bump() })
      let kept = last!
      #expect(kept.registrar.observationCount == 1)
      kept.a = 1
      #expect(count.value == 1)
    }
  }
}
