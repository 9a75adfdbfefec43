import BenchmarkKit
import Observation
import ObservationCore

extension Scopes {
  // A scope that reads once and never fires. The core cancels it and it leaves no
  // trace. Apple cannot cancel: its scope stays registered on the model for as
  // long as the model lives, and every later scope on that model meets the pile.
  //
  // So that the pile cannot grow from sample to sample (and the samples drift),
  // each sample starts, outside the timed region, on a fresh model that exactly
  // p earlier scopes read, each ended its side's way (core: cancelled; apple: left
  // armed). Within a sample the pile grows by that sample's own scopes, about
  // 1 ms of them (~800 for apple here), the same for every sample.

  /// Scopes left behind before a sample of the pile-up sweep, log-spaced.
  static let pileSizes = [1, 10, 100, 1_000, 10_000, 100_000]

  /// A scope that reads once and is never fired, on a model fresh at each sample.
  static var neverFires: BenchmarkScenario {
    BenchmarkScenario(
      name: "never-fires",
      summary:
        "One scope reading one property, closed, never fired (core: cancelled; apple: left armed), on a model fresh at "
          + "each sample",
      strategies: StrategyIDs.objectsObserved
    ) { id, _ in
      try neverFires(id, earlier: 0)
    }
  }

  /// ``neverFires`` after p earlier never-fired scopes on the same model: what the
  /// scopes left behind cost every later one.
  static var neverFiresPileup: BenchmarkScenario {
    BenchmarkScenario(
      name: "never-fires-pileup",
      summary:
        "As never-fires, on a model that p earlier never-fired scopes read (core: cancelled them; apple: left them "
          + "armed)",
      sizes: pileSizes,
      quickSizes: [1, 10_000],
      strategies: StrategyIDs.objectsObserved
    ) { id, size in
      try neverFires(id, earlier: size)
    }
  }

  private static func neverFires(_ id: String, earlier: Int) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try NeverFires(earlier: earlier).prepare(id: id)
    case .apple: return neverFiresApple(earlier: earlier)
    case .none: throw UnknownStrategy(id: id)
    }
  }

  private static func neverFires<S: ObservationStrategy>(_: S.Type, earlier: Int) -> PreparedCase {
    let tally = Tally()
    // One never-fired scope, ended the core's way (the timed loop spells it out,
    // so that it is inlined there as before).
    let scope = { (model: Counter<S>) in
      S.withTracking({ blackHole(model.count) }, onChange: { tally.bump() }).token.cancel()
    }
    let fresh = { () -> Counter<S> in
      let model = Counter<S>()
      for _ in 0..<earlier { scope(model) }
      return model
    }
    let current = Slot(S.inIsolation(fresh))
    return .core(
      S.self,
      run: { iterations in
        let model = current.value
        for _ in 0..<iterations {
          S.withTracking({ blackHole(model.count) }, onChange: { tally.bump() }).token.cancel()
        }
      },
      notifications: { tally.count }, expected: 0,
      context: { timing in
        current.value = fresh()
        timing()
      })
  }

  private static func neverFiresApple(earlier: Int) -> PreparedCase {
    let tally = Tally()
    // One never-fired scope, ended apple's way: left armed (spelled out again in
    // the timed loop).
    let scope = { (model: AppleCounter) in
      withObservationTracking({ blackHole(model.count) }, onChange: { tally.bump() })
    }
    let fresh = { () -> AppleCounter in
      let model = AppleCounter()
      for _ in 0..<earlier { scope(model) }
      return model
    }
    let current = Slot(fresh())
    return PreparedCase(
      run: { iterations in
        let model = current.value
        for _ in 0..<iterations {
          withObservationTracking({ blackHole(model.count) }, onChange: { tally.bump() })
        }
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 0,
      isolation: PreparedCase.timed { timing in
        // Releasing the last sample's model frees its pile, untimed.
        current.value = fresh()
        timing()
      })
  }

  /// ``neverFires`` as a ``CoreWorkload``, specialised per strategy.
  private struct NeverFires: CoreWorkload {
    let earlier: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Scopes.neverFires(S.self, earlier: earlier)
    }
  }
}
