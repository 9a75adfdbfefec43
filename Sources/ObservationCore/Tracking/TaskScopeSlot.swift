import CObservationSupport

/// What a `task` read finds in the task scope's thread-local slot, decoded in one
/// place so that every site agrees on the tags.
///
/// A slot is one word, so that a read asks one thread-local; the low bit tells a
/// list (always even: an `AccessList` is word-aligned) from a tag:
///
/// | word              | state        | where a read made now goes                          |
/// |-------------------|--------------|-----------------------------------------------------|
/// | 0                 | `isEmpty`    | nowhere: no scope published, none open anywhere     |
/// | even, not 0       | `list`       | the published synchronous scope's list, no lock     |
/// | 1                 | `isUnbound`  | its task's binding, if any (only as a read sees it: |
/// |                   |              | no scope published here, an async one open somewhere) |
/// | odd, not 1        | `mask`       | its task's binding if it is the mask's task, else   |
/// |                   |              | the slot the mask hides (`TaskAccessList.maskedSlot`) |
///
/// The slot as stored (`stored`) is 0, a list or a mask; a read asks it through
/// `forRead` (or `forCheckedRead`), which turns an empty slot into 1 while an
/// async scope (or, checked, a render with checking on) is open in the process.
/// Every member is inlined: a read's decoding compiles to the test of the word
/// and of its low bit that it was written as.
@usableFromInline @frozen
struct TaskScopeSlot {
  /// The slot's word.
  @usableFromInline let raw: UnsafeMutableRawPointer?

  @inlinable @inline(__always)
  init(_ raw: UnsafeMutableRawPointer?) { self.raw = raw }

  /// The slot as this thread stored it: empty, a list or a mask.
  @inlinable @inline(__always)
  static var stored: TaskScopeSlot { TaskScopeSlot(obs_task_scope_get()) }

  /// Publishes `slot` on this thread.
  @inlinable @inline(__always)
  static func store(_ slot: TaskScopeSlot) { obs_task_scope_set(slot.raw) }

  /// The slot as a plain read asks it: the stored slot, or `isUnbound` while an
  /// async scope is open somewhere.
  @inlinable @inline(__always)
  static var forRead: TaskScopeSlot { TaskScopeSlot(obs_task_scope_or_bound()) }

  /// The slot as a `+checked` read asks it: `forRead`, also `isUnbound` while a
  /// render runs somewhere with checking on.
  @inlinable @inline(__always)
  static var forCheckedRead: TaskScopeSlot { TaskScopeSlot(obs_task_scope_or_bound_or_render()) }

  /// A slot that publishes `list`.
  @inlinable @inline(__always)
  init(publishing list: UnsafeMutablePointer<AccessList>) { raw = UnsafeMutableRawPointer(list) }

  /// Whether a read here goes nowhere.
  @inlinable @inline(__always)
  var isEmpty: Bool { raw == nil }

  /// Whether the slot is tagged (`isUnbound` or a mask): a read goes through the
  /// out-of-line path. Only for a slot that is not empty.
  @inlinable @inline(__always)
  var isTagged: Bool { UInt(bitPattern: raw) & 1 != 0 }

  /// The published list, for a slot known to be neither empty nor tagged: the
  /// hot path's decoding, with no test of its own.
  @inlinable @inline(__always)
  var untaggedList: UnsafeMutablePointer<AccessList> {
    raw.unsafelyUnwrapped.assumingMemoryBound(to: AccessList.self)
  }

  /// The published list, if the slot holds one.
  @inlinable @inline(__always)
  var list: UnsafeMutablePointer<AccessList>? {
    guard let raw, !isTagged else { return nil }
    return raw.assumingMemoryBound(to: AccessList.self)
  }

  /// No scope published here, an async one open somewhere: look up the binding.
  @inlinable @inline(__always)
  var isUnbound: Bool { UInt(bitPattern: raw) == 1 }

  /// The async scope whose mask the slot holds, if it holds one (unretained).
  var mask: Unmanaged<TaskAccessList>? {
    guard let raw, isTagged, !isUnbound else { return nil }
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bitPattern: raw) & ~1)!)
  }

  /// A slot that masks the published scopes below it for `scope`'s task, holding
  /// a reference that whoever takes the mask off the slot releases.
  static func masking(_ scope: TaskAccessList) -> TaskScopeSlot {
    let address = UInt(bitPattern: Unmanaged.passRetained(scope).toOpaque())
    return TaskScopeSlot(UnsafeMutableRawPointer(bitPattern: address | 1))
  }
}

extension TaskScopeSlot: Equatable {
  @inlinable @inline(__always)
  static func == (lhs: TaskScopeSlot, rhs: TaskScopeSlot) -> Bool { lhs.raw == rhs.raw }
}
