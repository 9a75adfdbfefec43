import Dispatch
import Synchronization

/// A task awaiting the values of an async sequence, as an app's `for await`
/// loop does, which tells the producing thread each time one arrived.
///
/// The stream workloads write, then call ``awaitDelivery()``: one operation is
/// the write and the delivery of the new value to this consumer, whatever the
/// sequence (Observation's `Observations`, or an `AsyncStream` fed by the core's
/// persistent `observe`). The hand-off itself (waking the consumer's task, and
/// the producer once the value arrived) is the same for every subject.
final class StreamConsumer: Sendable {
  private let arrived = DispatchSemaphore(value: 0)
  private let deliveries = Atomic<Int>(0)
  private let latest = Atomic<Int>(.min)
  private let task: Mutex<Task<Void, Never>?> = Mutex(nil)

  /// Starts a task that iterates `values` until cancelled.
  init<Values: AsyncSequence & Sendable>(_ values: Values) where Values.Element == Int {
    let started = Task.detached { [self] in
      do {
        for try await value in values {
          latest.store(value, ordering: .relaxed)
          arrived.signal()
        }
      } catch {}
    }
    task.withLock { $0 = started }
  }

  /// Blocks until the next value arrives, and counts it as a delivery when it
  /// is `expected`, the value just written.
  ///
  /// A stale or coalesced value is not counted, so a case whose sequence fails
  /// to deliver every write shows fewer than one delivery per operation.
  @inline(__always)
  func awaitDelivery(of expected: Int) {
    arrived.wait()
    if latest.load(ordering: .relaxed) == expected { deliveries.add(1, ordering: .relaxed) }
  }

  /// Blocks until the next value arrives, without counting it.
  func awaitAny() {
    arrived.wait()
  }

  /// The values delivered so far that were the value just written.
  var delivered: Int { deliveries.load(ordering: .relaxed) }

  /// Stops the consumer's task.
  func cancel() {
    task.withLock { $0?.cancel() }
  }
}
