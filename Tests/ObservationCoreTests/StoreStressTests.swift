import CoreModels
import Foundation
import ObservationCore
import Testing

/// `send` from several threads while observers re-arm.
@Suite("Store stress")
struct StoreStressTests {
  @Test(arguments: StrategyCase.withRefinements.filter { $0.type.capabilities.contains(.usableFromAnyThread) })
  func concurrentSends_loseNoNotification(_ strategy: StrategyCase) {
    stress(strategy.type)
  }

  private func stress<S: ObservationStrategy>(_: S.Type) {
    let store = S.makeStore(rows: 4)
    let perSend = Count()
    let token = S.observe({ _ = store.count }, onChange: { perSend.bump() })
    let rearmed = Count()
    let threads = 4
    let sends = StressScale.scaled(10_000)
    // The senders start once the first scope is armed, so at least one re-armed
    // scope sees a send however the threads are scheduled.
    let armed = DispatchSemaphore(value: 0)
    runConcurrently(threads + 1) { index in
      if index < threads {
        armed.wait()
        for i in 0..<sends {
          store.send(.increment)
          if i % 16 == 0 { store.send(.row(index, .increment)) }
        }
      } else {
        // Re-arms through the store while the others send.
        for round in 0..<StressScale.scaled(2_000) {
          S.withTracking({ _ = store.count + store.rows.count }, onChange: { rearmed.bump() })
          if round == 0 { for _ in 0..<threads { armed.signal() } }
        }
      }
    }
    #expect(store.count == threads * sends)
    // Whole invalidation also notifies the observer of count for the row sends.
    let rowSends = threads * ((sends + 15) / 16)
    #expect(perSend.value == threads * sends + (S.isWhole ? rowSends : 0), "one notification per send")
    #expect(store.rows.elements.map(\.value) == Array(repeating: (sends + 15) / 16, count: 4))
    #expect(rearmed.value > 0)
    token.cancel()
  }
}
