import Synchronization

/// Counts the `onChange` calls of a single-threaded workload.
///
/// `onChange` must be `@Sendable`, but in these workloads it always runs on the
/// thread that measures (the mutation calls it synchronously), so a plain
/// increment is enough; every subject, apple included, pays the same one.
final class Tally: @unchecked Sendable {
  /// The calls so far.
  var count = 0

  /// Counts one call.
  @inline(__always)
  func bump() { count &+= 1 }
}

/// Counts the `onChange` calls of a workload whose mutations run on several
/// threads at once.
final class AtomicTally: Sendable {
  private let storage = Atomic<Int>(0)

  /// Counts one call.
  @inline(__always)
  func bump() { storage.add(1, ordering: .relaxed) }

  /// The calls so far.
  var count: Int { storage.load(ordering: .relaxed) }
}

/// A value a workload carries from one operation to the next, e.g. the next value
/// to write, so that no write repeats the value already stored (Apple skips
/// equal values) and nothing is folded at compile time.
final class Cursor {
  /// The current value.
  var value: Int

  /// A cursor starting at `value`, hidden from the optimiser.
  init(_ value: Int = 0) {
    self.value = value
  }
}
