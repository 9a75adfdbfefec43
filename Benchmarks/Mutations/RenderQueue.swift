import BenchmarkKit

/// The rows whose render scopes fired since the last update cycle, in firing
/// order: what an app's render loop re-renders.
///
/// `onChange` must be `@Sendable`, but in the render workloads it runs on the
/// thread that measures (the mutation fires it synchronously), so plain storage
/// is enough; every subject pays the same append.
///
/// Its storage is not checked for exclusivity at run time: one thread uses it,
/// and a check (a runtime call per access, ~70 instructions with its
/// thread-local lookup) made the queue's own upkeep about a tenth of what the
/// core's update cycle seemed to cost.
final class RenderQueue: @unchecked Sendable {
  /// The rows to re-render, oldest first.
  @exclusivity(unchecked) private(set) var dirty: ContiguousArray<Int> = []
  /// Every row ever queued: the notifications so far.
  @exclusivity(unchecked) private(set) var notified = 0

  /// A queue with room for `rows` rows, so queueing never allocates.
  init(rows: Int) {
    dirty.reserveCapacity(rows)
  }

  /// Queues `row` for a re-render: what a render scope's `onChange` does.
  @inline(__always)
  func push(_ row: Int) {
    dirty.append(row)
    notified &+= 1
  }

  /// Calls `render` with every queued row, then empties the queue.
  ///
  /// Indexed, not iterated: iterating would hold a second reference to the
  /// buffer and `removeAll(keepingCapacity:)` would then copy it.
  @inline(__always)
  func drain(_ render: (Int) -> Void) {
    var position = 0
    while position < dirty.count {
      render(dirty[position])
      position &+= 1
    }
    dirty.removeAll(keepingCapacity: true)
  }
}
