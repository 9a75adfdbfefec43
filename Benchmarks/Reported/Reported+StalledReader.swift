import BenchmarkKit
import Observation
import ObservationCore

extension Reported {
  /// A stall probe: how long a reader's tracked reads wait while another thread
  /// writes the same state in bursts.
  ///
  /// The reader is the measuring thread, inside one open tracking scope, and
  /// times every read on its own (two clock reads around it, included in the
  /// figure); the runner publishes their percentiles (p50, p99, p99.9, max) and
  /// how many took 1 ms or more. The writer (``BurstWriter``) sends 1 000
  /// increments back to back, then pauses 500 µs, for as long as the reader
  /// reads, and one observer is notified of every write. Each side holds the
  /// state as it is shared across threads there: the core and `none` in a
  /// store behind a lock (reads take it too), apple in an `@Observable` object
  /// over atomic storage, as in contention/store.
  static var stalledReader: BenchmarkScenario {
    BenchmarkScenario(
      name: "stalled-reader",
      summary:
        "swift-model's published stall probe: one tracked read, timed on its own, while another thread writes "
          + "the state in bursts of 1 000 every 500 µs "
          + "(latency percentiles and reads over 1 ms published)",
      strategies: StrategyIDs.anyThread + [StrategyIDs.apple, StrategyIDs.none]
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try StalledReader().prepare(id: id)
      case .apple: return stalledReaderApple()
      case .none: return stalledReaderPlain()
      }
    }
  }

  /// Writes per burst.
  static let burst = 1_000
  /// The pause between bursts.
  static let pauseMicroseconds: UInt32 = 500

  private static func stalledReader<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let store = Store(initialState: CounterState<S>(), reducer: counterReducer)
    let token = S.observe({ _ = store.count }, onChange: {})
    let writer = BurstWriter(burst: burst, pauseMicroseconds: pauseMicroseconds) { store.send(.increment) }
    let latencies = LatencyRecorder()
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations {
          let start = MonotonicClock.now()
          // `read` rather than the dynamic member: a key path literal in generic
          // code is instantiated at run time on every evaluation.
          blackHole(store.read { $0.count })
          latencies.record(MonotonicClock.now() &- start)
        }
      },
      // The reader's scope, open around the whole timing, as a render's is.
      isolation: PreparedCase.timed { timing in
        S.withTracking({ writer.hold(timing) }, onChange: {}).token.cancel()
      },
      tearDown: {
        writer.stop()
        token.cancel()
      },
      latencies: latencies.take)
  }

  private static func stalledReaderApple() -> PreparedCase {
    let model = AppleSharedCounter()
    // One writer: the re-armed observer sees every write without serialising.
    AppleObservation.observe({ [unowned(unsafe) model] in _ = model.value }, onChange: {})
    let writer = BurstWriter(burst: burst, pauseMicroseconds: pauseMicroseconds) { model.increment() }
    let latencies = LatencyRecorder()
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations {
          let start = MonotonicClock.now()
          blackHole(model.value)
          latencies.record(MonotonicClock.now() &- start)
        }
      },
      isolation: PreparedCase.timed { timing in
        withObservationTracking({ writer.hold(timing) }, onChange: {})
      },
      tearDown: writer.stop,
      latencies: latencies.take)
  }

  private static func stalledReaderPlain() -> PreparedCase {
    let store = PlainSharedStore()
    let writer = BurstWriter(burst: burst, pauseMicroseconds: pauseMicroseconds) { store.send(.increment) }
    let latencies = LatencyRecorder()
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations {
          let start = MonotonicClock.now()
          blackHole(store.count)
          latencies.record(MonotonicClock.now() &- start)
        }
      },
      isolation: PreparedCase.timed { timing in writer.hold(timing) },
      tearDown: writer.stop,
      latencies: latencies.take)
  }

  /// ``stalledReader`` as a ``CoreWorkload``, specialised per strategy.
  private struct StalledReader: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.stalledReader(S.self)
    }
  }
}
