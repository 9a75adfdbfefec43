@testable import ObservationCore
import Testing

/// Observations leave nothing behind once they fired or were cancelled.
@Suite("Memory")
struct MemoryTests {
  /// A million at full scale.
  static let scopes = StressScale.scaled(1_000_000, step: 2)

  @Test(arguments: StrategyCase.all)
  func millionScopes_leaveTheTablesEmpty(_ strategy: StrategyCase) async {
    await million(strategy.type)
  }

  private func million<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let count = Count()
      var peak = 0
      for i in 0..<Self.scopes {
        let token = S.withTracking({ _ = model.a }, onChange: { count.bump() }).token
        peak = max(peak, model.registrar.observationCount)
        if i % 2 == 0 { model.a = i } else { token.cancel() }
      }
      #expect(peak == 1)
      #expect(count.value == Self.scopes / 2)
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func firedOrCancelledObserver_isFreed(_ strategy: StrategyCase) async {
    await freed(strategy.type)
  }

  private func freed<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      weak var fired: Observer?
      weak var cancelled: Observer?
      weak var persistent: Observer?
      do {
        let one = S.withTracking({ _ = model.a + model.b }, onChange: {}).token
        fired = one.observer
        let two = S.withTracking({ _ = model.a }, onChange: {}).token
        cancelled = two.observer
        let three = S.observe({ _ = model.b }, onChange: {})
        persistent = three.observer
        #expect(fired != nil && cancelled != nil && persistent != nil)
        two.cancel()
        three.cancel()
        model.a = 1
      }
      #expect(fired == nil)
      #expect(cancelled == nil)
      #expect(persistent == nil)
    }
  }

  @Test(arguments: StrategyCase.all)
  func observedModelThatDies_endsItsObserver(_ strategy: StrategyCase) async {
    await modelDies(strategy.type)
  }

  private func modelDies<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      weak var gone: Pair<S>?
      weak var observer: Observer?
      var token: ObservationToken?
      do {
        let model = Pair<S>()
        gone = model
        token = S.withTracking({ _ = model.a }, onChange: {}).token
        observer = token?.observer
      }
      #expect(gone == nil)
      // Its only model died: it can never fire, and is no longer active.
      #expect(token?.isActive == false)
      token?.cancel()
      token = nil
      #expect(observer == nil)
    }
  }
}
