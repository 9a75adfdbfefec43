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

extension Cursor {
  /// The next `iterations` new values, the cursor's value plus one onwards;
  /// the cursor moves past them, so the next run writes new values again.
  ///
  /// A range rather than a method taking the loop's body: the optimiser keeps
  /// a closure body out of line, which would add a call and a retain per
  /// operation to the measured loop.
  @inline(__always)
  func advance(_ iterations: Int) -> Range<Int> {
    let start = value &+ 1
    value &+= iterations
    return start..<(start &+ iterations)
  }

  /// The next `iterations` positions in `0..<count`, from where the last run
  /// stopped, wrapping at `count`; the cursor moves past them.
  @inline(__always)
  func cycle(_ iterations: Int, through count: Int) -> CyclingPositions {
    let start = value
    value = (start &+ iterations) % count
    return CyclingPositions(position: start, count: count, remaining: iterations)
  }
}

/// Positions in `0..<count` from `position` on, wrapping at `count`: the rows a
/// workload visits in turn (see ``Cursor/cycle(_:through:)``).
struct CyclingPositions: Sequence, IteratorProtocol {
  /// The next position.
  var position: Int
  /// The number of positions, e.g. rows.
  let count: Int
  /// The positions still to visit.
  var remaining: Int

  @inline(__always)
  mutating func next() -> Int? {
    guard remaining > 0 else { return nil }
    remaining &-= 1
    defer {
      position &+= 1
      if position == count { position = 0 }
    }
    return position
  }
}
