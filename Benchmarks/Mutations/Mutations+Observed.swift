import BenchmarkKit
import ObservationCore

extension Mutations {
  /// A write with k persistent observers on the written field.
  static var observed: BenchmarkScenario {
    BenchmarkScenario(
      name: "observed",
      summary:
        "Idiomatic forms (core: persistent observe; apple: withObservationTracking re-armed in onChange): one write of "
          + "a new value to a property k observers read (k notifications; 8 per loop iteration)",
      sizes: observerCounts,
      quickSizes: quickObserverCounts,
      strategies: StrategyIDs.objectsObserved
    ) { id, size in
      switch try Subject(id) {
      case .core: return try ObservedWrite(observers: size, onOther: false).prepare(id: id)
      case .apple: return writeObservedApple(observers: size, onOther: false)
      case .none: throw UnknownStrategy(id: id)
      }
    }
  }

  /// A write with k persistent observers on another field of the same object:
  /// nobody to notify with `keypath`, all k with `whole`.
  static var observedOtherKeyPath: BenchmarkScenario {
    BenchmarkScenario(
      name: "observed-other-keypath",
      summary:
        "One write of a new value to a property while k persistent observers read another one (keypath: 0 notified, "
          + "whole: k; 8 per loop iteration)",
      sizes: observerCounts,
      quickSizes: quickObserverCounts,
      strategies: StrategyIDs.objects
    ) { id, size in
      switch try Subject(id) {
      case .core: return try ObservedWrite(observers: size, onOther: true).prepare(id: id)
      case .apple: return writeObservedApple(observers: size, onOther: true)
      case .none: return noObserversPlain()
      }
    }
  }

  private static func writeObserved<S: ObservationStrategy>(
    _: S.Type, observers: Int, onOther: Bool
  ) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    let tokens = S.inIsolation {
      (0..<observers).map { _ in
        S.observe({ _ = onOther ? model.other : model.count }, onChange: { tally.bump() })
      }
    }
    let cursor = Cursor()
    let reached = !onOther || S.isWhole
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in writeNewValues(iterations, cursor) { model.count = $0 } },
      notifications: { tally.count },
      expected: reached ? Double(observers) : 0,
      tearDown: { for token in tokens { token.cancel() } })
  }

  static func writeObservedApple(observers: Int, onOther: Bool) -> PreparedCase {
    let model = AppleCounter()
    let tally = Tally()
    for _ in 0..<observers {
      // Unowned: the observation lives in the model's own registrar, so it can
      // never outlive the model; a strong capture would be a cycle.
      AppleObservation.observe(
        { [unowned(unsafe) model] in
          _ = onOther ? model.other : model.count
        }, onChange: { tally.bump() })
    }
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in writeNewValues(iterations, cursor) { model.count = $0 } },
      notifications: { tally.count },
      expectedNotificationsPerOperation: onOther ? 0 : Double(observers))
  }

  /// Writing the value already there, with one persistent observer on it.
  ///
  /// Both gate on equality: Apple's `@Observable` setter compares Equatable
  /// values, and the core's models do the same in their setters (``Counter``).
  static var equalValue: BenchmarkScenario {
    BenchmarkScenario(
      name: "equal-value",
      summary:
        "One write of the value a property already holds while one persistent observer reads it (8 per loop iteration)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try EqualValueWrite().prepare(id: id)
      case .apple: return equalValueApple()
      case .none: return equalValuePlain()
      }
    }
  }

  private static func equalValue<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    let token = S.inIsolation { S.observe({ _ = model.count }, onChange: { tally.bump() }) }
    let value = identity(0)
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in writeSameValue(iterations, value) { model.count = $0 } },
      notifications: { tally.count },
      // The setter's equality gate: nothing to notify.
      expected: 0,
      tearDown: { token.cancel() })
  }

  private static func equalValueApple() -> PreparedCase {
    let model = AppleCounter()
    let tally = Tally()
    AppleObservation.observe({ [unowned(unsafe) model] in _ = model.count }, onChange: { tally.bump() })
    let value = identity(0)
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in writeSameValue(iterations, value) { model.count = $0 } },
      notifications: { tally.count },
      // The macro's setter skips a write of an equal value.
      expectedNotificationsPerOperation: 0)
  }

  private static func equalValuePlain() -> PreparedCase {
    let model = PlainCounter()
    let value = identity(0)
    // The same equality gate as the observed setters, with nothing behind it: the
    // floor of a write that changes nothing (an unconditional store costs more).
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        writeSameValue(iterations, value) { if model.count != $0 { model.count = $0 } }
      })
  }

  /// `iterations` × 8 writes of `value` through `write`, each followed by the
  /// black hole so that no write is merged with the next.
  @inline(__always)
  static func writeSameValue(_ iterations: Int, _ value: Int, _ write: (Int) -> Void) {
    repeatUnrolled(iterations) {
      write(value)
      blackHole(value)
    }
  }

  /// ``writeObserved`` as a ``CoreWorkload``, specialised per strategy.
  private struct ObservedWrite: CoreWorkload {
    let observers: Int
    let onOther: Bool
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.writeObserved(S.self, observers: observers, onOther: onOther)
    }
  }

  /// ``equalValue`` as a ``CoreWorkload``, specialised per strategy.
  private struct EqualValueWrite: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.equalValue(S.self)
    }
  }
}
