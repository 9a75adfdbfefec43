import BenchmarkKit
import Dispatch
import Observation
import ObservationCore

extension Mutations {
  /// Continuous observation delivered to an awaiting consumer: apple's
  /// `Observations` async sequence (SE-0475) against the core's persistent
  /// `observe` feeding an `AsyncStream`, each iterated by a `for await` loop in
  /// a task of its own (``StreamConsumer``).
  ///
  /// `Observations` is transactional: it learns of a change at `willSet` and
  /// reads the new value at the next suspension of the emit closure's actor.
  /// With a nonisolated closure that read races the writer's store (measured:
  /// the consumer received the old value), so the model is mutated where an
  /// app mutates it, on an actor (`ObservationActor`, as SwiftUI's models live
  /// on the main actor), and the closure is isolated to it. One operation is
  /// therefore, for every subject alike: a task that hops onto
  /// `ObservationActor` and writes a new value, and the delivery of that value
  /// to the consumer, which the writing thread waits for before the next write
  /// (so no write is coalesced). A notification is one delivery of the value
  /// just written: 1 per operation. `none` writes a plain object in the same
  /// task and yields the value itself: the floor of the hops and hand-offs.
  static var observedStream: BenchmarkScenario {
    BenchmarkScenario(
      name: "observed-stream",
      summary:
        "Idiomatic continuous forms: a task writes on ObservationActor, then an awaiting for-await consumer receives "
          + "the value (apple: Observations; core: persistent observe into an AsyncStream)",
      strategies: StrategyIDs.objects
    ) { id, _ in
      switch try Subject(id) {
      case .core: return try ObservedStream().prepare(id: id)
      case .apple: return observedStreamApple()
      case .none: return observedStreamPlain()
      }
    }
  }

  private static func observedStream<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
    // Made, observed and written on ObservationActor for every strategy (where
    // an actor strategy's model must live), so all rows hop alike.
    let model = UncheckedSendable(onObservationActor { Counter<S>() })
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let token = onObservationActor {
      S.observe({ _ = model.value.count }, onChange: { continuation.yield(model.value.count) })
    }
    let consumer = StreamConsumer(values)
    return streamCase(
      consumer: consumer,
      write: { value in Task { @ObservationActor in model.value.count = value } },
      tearDown: {
        onObservationActor { token.cancel() }
        continuation.finish()
        consumer.cancel()
      })
  }

  private static func observedStreamApple() -> PreparedCase {
    let model = AppleCounter()
    let consumer = StreamConsumer(onObservationActor { appleValues(of: model) })
    // Observations delivers the current value first.
    consumer.awaitAny()
    return streamCase(
      consumer: consumer,
      write: { value in Task { @ObservationActor in model.count = value } },
      tearDown: { consumer.cancel() })
  }

  private static func observedStreamPlain() -> PreparedCase {
    let model = UncheckedSendable(PlainCounter())
    let (values, continuation) = AsyncStream.makeStream(of: Int.self)
    let consumer = StreamConsumer(values)
    return streamCase(
      consumer: consumer,
      write: { value in
        Task { @ObservationActor in
          model.value.count = value
          continuation.yield(model.value.count)
        }
      },
      tearDown: {
        continuation.finish()
        consumer.cancel()
      })
  }

  /// The timed loop every subject shares: start the write, wait until the
  /// consumer received a value, count it if it is the value written.
  private static func streamCase(
    consumer: StreamConsumer, write: @escaping (Int) -> Void, tearDown: @escaping () -> Void
  ) -> PreparedCase {
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          value &+= 1
          write(value)
          consumer.awaitDelivery(of: value)
        }
        cursor.value = value
      },
      notifications: { consumer.delivered },
      expectedNotificationsPerOperation: 1,
      tearDown: tearDown)
  }

  /// `model.count` as an `Observations` sequence whose closure is isolated to
  /// `ObservationActor`, inherited from this function's isolation.
  @ObservationActor
  private static func appleValues(of model: AppleCounter) -> Observations<Int, Never> {
    Observations { model.count }
  }

  /// Runs `body` in `ObservationActor`'s isolation and returns its value; the
  /// caller's thread waits (it is never one of the actor's threads).
  private static func onObservationActor<T>(_ body: @escaping @ObservationActor () -> T) -> T {
    let result = UncheckedBox<T>()
    let done = DispatchSemaphore(value: 0)
    let body = UncheckedSendable(body)
    Task { @ObservationActor in
      result.value = body.value()
      done.signal()
    }
    done.wait()
    return result.value!
  }

  /// ``observedStream`` as a ``CoreWorkload``, specialised per strategy.
  private struct ObservedStream: CoreWorkload {
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Mutations.observedStream(S.self)
    }
  }
}

/// A value handed from a task back to the thread that waits for it.
private final class UncheckedBox<T>: @unchecked Sendable {
  var value: T?
}
