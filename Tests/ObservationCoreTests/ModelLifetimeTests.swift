import Foundation
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

/// Weak references to some observers, to see them freed.
private final class Samples: @unchecked Sendable {
  private struct Weak { weak var observer: Observer? }
  private let lock = NSLock()
  private var weak: [Weak] = []
  func append(_ observer: Observer?) { lock.withLock { weak.append(Weak(observer: observer)) } }
  var allFreed: Bool { lock.withLock { !weak.isEmpty && weak.allSatisfy { $0.observer == nil } } }
}

/// Carries a value of a non-Sendable type out of an isolated closure.
private struct UncheckedBox<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
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
  static let abandonedScopes = 100_000

  @Test(arguments: StrategyCase.all)
  func abandonedScopesOnDeadModels_leaveNothingBehind(_ strategy: StrategyCase) async {
    await abandoned(strategy.type)
  }

  private func abandoned<S: ObservationStrategy>(_: S.Type) async {
    let census = Census()
    let samples = Samples()
    await S.isolated {
      for i in 0..<Self.abandonedScopes {
        // A row that scrolls away before its state changes: a scope on a fresh
        // model, the token dropped, the model freed, no write.
        let model = Pair<S>()
        let canary = census.canary()
        let token = S.withTracking({ _ = model.a }, onChange: { canary.touch() }).token
        if i % 1_000 == 0 { samples.append(token.observer) }
      }
    }
    await S.settle { census.count == 0 }
    #expect(census.count == 0, "closures still alive after their models died")
    #expect(samples.allFreed)
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
    let census = Census()
    let samples = Samples()
    let token = await S.isolated { () -> ObservationToken in
      let model = Pair<S>()
      let canary = census.canary()
      let token = S.observe({ _ = model.a }, onChange: { canary.touch() })
      samples.append(token.observer)
      #expect(token.isActive)
      return token
    }
    await S.settle { !token.isActive }
    #expect(!token.isActive, "can never fire again")
    #expect(census.count == 1, "the token still holds the observer")
    await S.isolated { token.cancel() }
    #expect(census.count == 1)
    _ = consume token
    #expect(samples.allFreed)
    #expect(census.count == 0)
  }

  @Test(arguments: StrategyCase.all)
  func lastReleaseOfAnObserver_mayWriteToTheModel(_ strategy: StrategyCase) async {
    await releaseWrites(strategy.type)
  }

  private func releaseWrites<S: ObservationStrategy>(_: S.Type) async {
    nonisolated(unsafe) let model = await S.isolated { UncheckedBox(Pair<S>()) }.value
    let bWrites = Count()
    nonisolated(unsafe) let watcher = await S.isolated {
      UncheckedBox(S.observe({ _ = model.b }, onChange: { bWrites.bump() }))
    }.value
    await S.isolated {
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
      // Released with its token, after a cancel and a write.
      do {
        let other = Pair<S>()
        let writer = WritesOnDeinit(model, value: 4)
        let token = S.withTracking({ _ = other.a; _ = model.a }, onChange: { writer.touch() }).token
        token.cancel()
        model.a = 5
      }
      #expect(model.b == 4)
      #expect(bWrites.value == (S.isWhole ? 5 : 3))
      // Released when the other model it watched died.
      do {
        let other = Pair<S>()
        let writer = WritesOnDeinit(model, value: 3)
        S.withTracking({ _ = other.a }, onChange: { writer.touch() })
      }
    }
    await S.settle { bWrites.value == (S.isWhole ? 6 : 4) }
    await S.isolated {
      #expect(model.b == 3)
      #expect(bWrites.value == (S.isWhole ? 6 : 4))
      watcher.cancel()
    }
  }
}
