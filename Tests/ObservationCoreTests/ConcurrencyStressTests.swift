import CoreModels
import Foundation
import ObservationCore
import Synchronization
import Testing

/// Several threads write one object while observers re-arm: no notification is
/// lost or doubled, nothing deadlocks, nothing is left in the tables.
@Suite("Concurrency stress")
struct ConcurrencyStressTests {
  static let writers = 4
  static let writesPerWriter = StressScale.scaled(25_000)  // 100 000 writes per test at full scale
  static let persistentObservers = 3
  static let rearmingThreads = 2
  static let hopsPerTask = StressScale.scaled(2_500)

  @Test(arguments: StrategyCase.anyThread)
  func concurrentWrites_reachEveryArmedObserverExactlyOnce(_ strategy: StrategyCase) {
    stress(strategy.type)
  }

  private func stress<S: ObservationStrategy>(_: S.Type) {
    let model = SharedCounter<S>()
    let persistentCounts = (0..<Self.persistentObservers).map { _ in Count() }
    let tokens = persistentCounts.map { count in
      S.observe({ _ = model.value }, onChange: { count.bump() })
    }
    let oneShots = OneShotLedger()
    let writing = Atomic<Int>(Self.writers)

    runConcurrently(Self.writers + Self.rearmingThreads) { index in
      if index < Self.writers {
        for _ in 0..<Self.writesPerWriter { model.increment() }
        writing.subtract(1, ordering: .releasing)
      } else {
        // Arm, wait until that observer fired, arm again: re-arming while writes
        // fly. At least once: writers may finish before this thread starts, and
        // the write after the concurrent ones reaches an observer armed late.
        repeat {
          let armed = oneShots.arm()
          S.withTracking({ _ = model.value }, onChange: { oneShots.fire(armed) })
          while !oneShots.hasFired(armed) && writing.load(ordering: .acquiring) > 0 {
            sched_yield()
          }
        } while writing.load(ordering: .acquiring) > 0
      }
    }
    // One more write reaches any observer armed after the last concurrent write.
    model.increment()

    let total = Self.writers * Self.writesPerWriter + 1
    #expect(model.value == total)
    for count in persistentCounts { #expect(count.value == total) }
    #expect(oneShots.armedCount > 0)
    #expect(oneShots.firedCount == oneShots.armedCount, "every armed one-shot fired")
    #expect(oneShots.doubleFires == 0, "no one-shot fired twice")
    for token in tokens { token.cancel() }
    #expect(model.registrar.observationCount == 0)
  }

  @Test(arguments: StrategyCase.anyThread)
  func concurrentScopesOnManyObjects_cancelAndFireCleanly(_ strategy: StrategyCase) {
    scopesAcrossObjects(strategy.type)
  }

  /// Observers spanning several objects are fired through one object while other
  /// threads write the others and cancel: the unlink races of a multi-registrar observer.
  private func scopesAcrossObjects<S: ObservationStrategy>(_: S.Type) {
    let models = (0..<4).map { _ in SharedCounter<S>() }
    let fired = Count()
    runConcurrently(4) { index in
      for i in 0..<StressScale.scaled(10_000) {
        let token = S.withTracking({ for m in models { _ = m.value } }, onChange: { fired.bump() }).token
        if i % 3 == 0 { token.cancel() }
        models[(index + i) % models.count].increment()
      }
    }
    for model in models { model.increment() }
    for model in models { #expect(model.registrar.observationCount == 0) }
    #expect(fired.value > 0)
  }

  @Test(arguments: StrategyCase.onActor)
  func concurrentHops_intoTheActor_loseNothing(_ strategy: StrategyCase) async {
    await hops(strategy.type)
  }

  private func hops<S: ObservationStrategy>(_: S.Type) async {
    let holder = await ObservationActor.run { ActorHolder<S>() }
    let count = Count()
    await ObservationActor.run { holder.observe(count) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<Self.hopsPerTask { await ObservationActor.run { holder.model.increment() } }
        }
      }
    }
    #expect(count.value == 4 * Self.hopsPerTask)
    let left = await ObservationActor.run { holder.finish() }
    #expect(left == 0)
  }
}

/// Holds an actor-registrar model on `ObservationActor`.
@ObservationActor
final class ActorHolder<S: ObservationStrategy>: Sendable {
  let model = SharedCounter<S>()
  private var token: ObservationToken?

  func observe(_ count: Count) {
    token = S.observe({ _ = model.value }, onChange: { count.bump() })
  }

  func finish() -> Int {
    token?.cancel()
    return model.registrar.observationCount
  }
}

/// Records which one-shot observers were armed and how often each fired.
/// (An `NSLock`, which ThreadSanitizer sees, unlike `Mutex`.)
final class OneShotLedger: @unchecked Sendable {
  private let lock = NSLock()
  private var armed = 0
  private var fires: [Int: Int] = [:]

  func arm() -> Int {
    lock.withLock {
      armed += 1
      return armed
    }
  }

  func fire(_ id: Int) {
    lock.withLock { fires[id, default: 0] += 1 }
  }

  func hasFired(_ id: Int) -> Bool {
    lock.withLock { fires[id] != nil }
  }

  var armedCount: Int { lock.withLock { armed } }
  var firedCount: Int { lock.withLock { fires.count } }
  var doubleFires: Int { lock.withLock { fires.values.filter { $0 > 1 }.count } }
}

/// Runs `body(i)` for i in 0..<count, each on a thread of its own, and waits.
func runConcurrently(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      body(index)
      group.leave()
    }.start()
  }
  group.wait()
}
