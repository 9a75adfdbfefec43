import CObservationSupport
import Foundation
import Synchronization
import Testing

@testable import ObservationCore

/// What the threads of the gate test share.
private final class GateRace: Sendable {
  let started = Atomic<Int>(0)
  let holding = Atomic<Int>(0)
  let released = Atomic<Bool>(false)
  /// The gate `task` reads saw at the peak: switched on, off, on again.
  let atPeak = Mutex<[Int]>([])

  /// Spins (yielding the core: the test runs more threads than there are cores)
  /// until `done()`.
  func wait(until done: () -> Bool) {
    while !done() { sched_yield() }
  }
}

/// `RenderContext.Gate` under load: many threads begin and end passes and flip
/// the switch at once, and the gate its republish loop leaves is the exact count.
///
/// In `UntrackedAccessTests` (serialized, a process of its own in `scripts/test`)
/// because the gate is process-wide: a render elsewhere would move the counts.
extension UntrackedAccessTests {
  /// Runs `body(thread)` on `threads` threads released together; returns when all end.
  private func onThreads(_ threads: Int, _ race: GateRace, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        race.started.add(1, ordering: .sequentiallyConsistent)
        race.wait { race.started.load(ordering: .sequentiallyConsistent) == threads }
        body(thread)
        group.leave()
      }.start()
    }
    group.wait()
  }

  @Test func gatePublish_whenThreadsRaceBeginEndAndSwitch_leavesTheExactCount() {
    UntrackedAccessDiagnostics.isEnabled = true
    #expect(RenderContext.Gate.word.load(ordering: .sequentiallyConsistent) == 0)
    let threads = 8
    let churn = StressScale.scaled(20_000, step: 32)
    let held = 50
    let race = GateRace()
    onThreads(threads, race) { thread in
      // Every pass begun is ended; thread 0 flips the switch off and on between.
      for round in 0..<churn {
        RenderContext.Gate.passBegan()
        if thread == 0, round % 16 == 0 { RenderContext.Gate.setChecking(round % 32 != 0) }
        RenderContext.Gate.passEnded()
      }
      // Then every thread holds `held` passes; the last to get there reads the
      // gate at the peak, and all end theirs together.
      for _ in 0..<held { RenderContext.Gate.passBegan() }
      if race.holding.add(1, ordering: .sequentiallyConsistent).newValue == threads {
        race.atPeak.withLock { $0.append(obs_render_gate_get()) }
        RenderContext.Gate.setChecking(false)
        race.atPeak.withLock { $0.append(obs_render_gate_get()) }
        RenderContext.Gate.setChecking(true)
        race.atPeak.withLock { $0.append(obs_render_gate_get()) }
        race.released.store(true, ordering: .sequentiallyConsistent)
      }
      race.wait { race.released.load(ordering: .sequentiallyConsistent) }
      for _ in 0..<held { RenderContext.Gate.passEnded() }
    }
    let peak = threads * held
    #expect(race.atPeak.withLock { $0 } == [peak, 0, peak])
    #expect(RenderContext.Gate.word.load(ordering: .sequentiallyConsistent) == 0)
    #expect(obs_render_gate_get() == 0)
    #expect(RenderContext.isChecking)
  }
}
