@testable import ObservationCore
import Synchronization
import Testing

/// Counts the live objects of one test exactly, without timing: a canary
/// captured by an `onChange` closure lives exactly as long as the closure.
private final class Census: Sendable {
  private let alive = Atomic<Int>(0)
  var count: Int { alive.load(ordering: .acquiring) }
  func canary() -> Canary { Canary(self) }
  fileprivate func born() { alive.add(1, ordering: .relaxed) }
  fileprivate func died() { alive.subtract(1, ordering: .releasing) }
}

private final class Canary: Sendable {
  private let census: Census
  init(_ census: Census) {
    self.census = census
    census.born()
  }
  deinit { census.died() }
  func touch() {}
}

/// A weak reference to one observer.
private struct WeakObserver {
  weak var observer: Observer?
}

/// An object whose deinit writes to a model: the release of a closure capturing
/// it must not happen where that write would re-enter a registrar's protection.
private final class WritesOnDeinit<S: ObservationStrategy>: @unchecked Sendable {
  let model: Pair<S>
  let value: Int
  init(_ model: Pair<S>, value: Int) {
    self.model = model
    self.value = value
  }
  deinit { model.b = value }
  func touch() {}
}

/// Observations that can never fire — every model they watch died — are
/// reclaimed with their closures; those that still watch a live model keep
/// watching it.
@Suite("Model lifetime")
struct ModelLifetimeTests {
  static let abandonedScopes = StressScale.scaled(100_000, step: 1_000)

  @Test(arguments: StrategyCase.all)
  func abandonedScopesOnDeadModels_leaveNothingBehind(_ strategy: StrategyCase) async {
    await abandoned(strategy.type)
  }

  private func abandoned<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let census = Census()
      var sampled: [WeakObserver] = []
      weak var sampledModel: Pair<S>?
      for i in 0..<Self.abandonedScopes {
        // A row that scrolls away before its state changes: a scope on a fresh
        // model, the token dropped, the model freed, no write.
        let model = Pair<S>()
        let canary = census.canary()
        let token = S.withTracking({ _ = model.a }, onChange: { canary.touch() }).token
        if i % 1_000 == 0 {
          sampled.append(WeakObserver(observer: token.observer))
          sampledModel = model
        }
      }
      #expect(census.count == 0, "closures still alive after their models died")
      #expect(sampled.allSatisfy { $0.observer == nil })
      #expect(sampledModel == nil)
    }
  }

  @Test(arguments: StrategyCase.all)
  func observerOfADeadAndALiveModel_keepsWatchingTheLiveOne(_ strategy: StrategyCase) async {
    await deadAndLive(strategy.type)
  }

  private func deadAndLive<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let live = Pair<S>()
      let census = Census()
      let fired = Count()
      do {
        let dying = Pair<S>()
        let canary = census.canary()
        S.withTracking({ _ = dying.a; _ = live.a }, onChange: { canary.touch(); fired.bump() })
        #expect(live.registrar.observationCount == 1)
      }
      #expect(census.count == 1, "still watches the live model")
      live.a = 1
      #expect(fired.value == 1)
      #expect(census.count == 0)
      #expect(live.registrar.observationCount == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func persistentObserverOfADeadModel_endsAndIsFreed(_ strategy: StrategyCase) async {
    await persistentDies(strategy.type)
  }

  private func persistentDies<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let census = Census()
      weak var observer: Observer?
      var token: ObservationToken?
      do {
        let model = Pair<S>()
        let canary = census.canary()
        token = S.observe({ _ = model.a }, onChange: { canary.touch() })
        observer = token?.observer
        #expect(token?.isActive == true)
      }
      #expect(token?.isActive == false, "can never fire again")
      #expect(census.count == 1, "the token still holds the observer")
      token?.cancel()
      token = nil
      #expect(observer == nil)
      #expect(census.count == 0)
    }
  }

  @Test(arguments: StrategyCase.all)
  func lastReleaseOfAnObserver_mayWriteToTheModel(_ strategy: StrategyCase) async {
    await releaseWrites(strategy.type)
  }

  private func releaseWrites<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let bWrites = Count()
      let watcher = S.observe({ _ = model.b }, onChange: { bWrites.bump() })
      // Released when it fires (tokens dropped).
      do {
        let writer = WritesOnDeinit(model, value: 1)
        S.withTracking({ _ = model.a }, onChange: { writer.touch() })
      }
      model.a = 1
      #expect(model.b == 1)
      // Released when it is cancelled.
      do {
        let writer = WritesOnDeinit(model, value: 2)
        S.withTracking({ _ = model.a }, onChange: { writer.touch() }).token.cancel()
      }
      #expect(model.b == 2)
      // Released when the other model it watched died.
      do {
        let other = Pair<S>()
        let writer = WritesOnDeinit(model, value: 3)
        S.withTracking({ _ = other.a }, onChange: { writer.touch() })
      }
      #expect(model.b == 3)
      // Released with its token, after a cancel and a write.
      do {
        let other = Pair<S>()
        let writer = WritesOnDeinit(model, value: 4)
        let token = S.withTracking({ _ = other.a; _ = model.a }, onChange: { writer.touch() }).token
        token.cancel()
        model.a = 5
      }
      #expect(model.b == 4)
      #expect(bWrites.value == (S.isWhole ? 6 : 4))
      watcher.cancel()
    }
  }
}
