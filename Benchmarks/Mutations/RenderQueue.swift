/// The rows whose render scopes fired since the last update cycle, in firing
/// order: what an app's render loop re-renders.
///
/// `onChange` must be `@Sendable`, but in the render workloads it runs on the
/// thread that measures (the mutation fires it synchronously), so plain storage
/// is enough; every subject pays the same append.
///
/// Its storage is a buffer of fixed size and a count, not checked for
/// exclusivity at run time: one thread uses it. The queue's upkeep then stays
/// a handful of instructions, the same in every call site; an array's
/// `removeAll(keepingCapacity:)` was inlined in some sites and a generic call in
/// others, and a run-time exclusivity check costs about 70 instructions.
final class RenderQueue: @unchecked Sendable {
  /// The rows to re-render, oldest first: the first `count`.
  private let dirty: UnsafeMutablePointer<Int>
  /// The rows it has room for.
  private let capacity: Int
  /// The rows queued.
  @exclusivity(unchecked) private var count = 0
  /// Every row ever queued: the notifications so far.
  @exclusivity(unchecked) private(set) var notified = 0

  /// A queue with room for `rows` rows, so queueing never allocates.
  init(rows: Int) {
    capacity = max(rows, 1)
    dirty = .allocate(capacity: capacity)
  }

  deinit {
    dirty.deallocate()
  }

  /// Queues `row` for a re-render: what a render scope's `onChange` does.
  @inline(__always)
  func push(_ row: Int) {
    precondition(count < capacity, "RenderQueue: more than \(capacity) re-renders queued")
    dirty[count] = row
    count &+= 1
    notified &+= 1
  }

  /// Calls `render` with every queued row, then empties the queue.
  @inline(__always)
  func drain(_ render: (Int) -> Void) {
    var position = 0
    while position < count {
      render(dirty[position])
      position &+= 1
    }
    count = 0
  }
}
