import Foundation
import ObservationCore
import Testing

/// A token to be filled in after the closure that cancels it was created.
private final class TokenBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: ObservationToken?
  var token: ObservationToken? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}

/// The guarantee of `cancel()`: once it returned, a call of the observer that had
/// not started never starts — for one-shot and persistent observers alike, also
/// when the cancel comes from another observer's `onChange` during the same write.
@Suite("Cancellation")
struct CancellationTests {
  @Test(arguments: StrategyCase.all)
  func oneShotCancelledByAnEarlierOnChange_isNotCalled(_ strategy: StrategyCase) async {
    await cancelInWrite(strategy.type, persistent: false)
  }

  @Test(arguments: StrategyCase.all)
  func persistentCancelledByAnEarlierOnChange_isNotCalled(_ strategy: StrategyCase) async {
    await cancelInWrite(strategy.type, persistent: true)
  }

  private func cancelInWrite<S: ObservationStrategy>(_: S.Type, persistent: Bool) async {
    await S.isolated {
      let model = Pair<S>()
      let aCalls = Count()
      let bCalls = Count()
      let boxA = TokenBox()
      let boxB = TokenBox()
      func arm(_ calls: Count, cancelling other: TokenBox) -> ObservationToken {
        let onChange: @Sendable () -> Void = {
          calls.bump()
          other.token?.cancel()
        }
        if persistent { return S.observe({ _ = model.a }, onChange: onChange) }
        return S.withTracking({ _ = model.a }, onChange: onChange).token
      }
      // Each cancels the other: whichever is called first, the other is not.
      boxA.token = arm(aCalls, cancelling: boxB)
      boxB.token = arm(bCalls, cancelling: boxA)
      model.a = 1
      #expect(aCalls.value + bCalls.value == 1)
      model.a = 2
      #expect(aCalls.value + bCalls.value == (persistent ? 2 : 1))
      boxA.token?.cancel()
      boxB.token?.cancel()
      #expect(model.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func oneShotCancelledDuringASend_isNotCalled(_ strategy: StrategyCase) async {
    await cancelInSend(strategy.type)
  }

  private func cancelInSend<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore()
      let calls = Count()
      let boxA = TokenBox()
      let boxB = TokenBox()
      // One reads two registrars (root and child), so the send takes two plans.
      boxA.token = S.withTracking({ _ = store.child.count }, onChange: {
        calls.bump()
        boxB.token?.cancel()
      }).token
      boxB.token = S.withTracking({ _ = store.child.count }, onChange: {
        calls.bump()
        boxA.token?.cancel()
      }).token
      store.send(.child(.increment))
      #expect(calls.value == 1)
    }
  }
}
