import CObservationSupport

/// What a `task` read finds in the task scope's thread-local slot, decoded in one
/// place so that every site agrees on the tags. `nil` where the slot is empty.
///
/// A slot is one word, so that a read asks one thread-local; the low bit tells a
/// list (always even: an `AccessList` is word-aligned) from a tag:
///
/// | word        | state             | where a read made now goes                      |
/// |-------------|-------------------|-------------------------------------------------|
/// | 0           | `nil`             | nowhere: no scope published, none open anywhere |
/// | even, not 0 | `list`            | the published synchronous scope's list, no lock |
/// | 1           | `isUnbound`       | its task's binding, if any                      |
/// | odd, not 1  | `mask`            | its task's binding if it is the mask's task,    |
/// |             |                   | else the slot the mask hides (`maskedSlot`)     |
///
/// The slot as stored (`stored`) is empty, a list or a mask; a read asks it through
/// `forRead` (or `forCheckedRead`), which turns an empty slot into 1 while an
/// async scope (or, checked, a render with checking on) is open in the process.
/// Every member a read uses is inlined and tests the word as the read would by
/// hand: an optional pointer's test for empty, then one test of the low bit.
@usableFromInline @frozen
struct TaskScopeSlot: Equatable {
  /// The slot's word, never 0.
  @usableFromInline let raw: UnsafeMutableRawPointer

  @inlinable @inline(__always)
  init(_ raw: UnsafeMutableRawPointer) { self.raw = raw }

  /// The slot whose word is `raw`, `nil` for 0.
  ///
  /// A reinterpretation, not a test: a slot is one non-null pointer, so an
  /// optional slot has the optional pointer's layout, and the read's own
  /// `guard let` stays its only branch on the word.
  @inlinable @inline(__always)
  static func decode(_ raw: UnsafeMutableRawPointer?) -> TaskScopeSlot? {
    unsafeBitCast(raw, to: TaskScopeSlot?.self)
  }

  /// The slot as this thread stored it: empty, a list or a mask.
  @inlinable @inline(__always)
  static var stored: TaskScopeSlot? { decode(obs_task_scope_get()) }

  /// Publishes `slot` on this thread.
  @inlinable @inline(__always)
  static func store(_ slot: TaskScopeSlot?) {
    obs_task_scope_set(unsafeBitCast(slot, to: UnsafeMutableRawPointer?.self))
  }

  /// The slot as a plain read asks it: the stored slot, or `isUnbound` while an
  /// async scope is open somewhere.
  @inlinable @inline(__always)
  static var forRead: TaskScopeSlot? { decode(obs_task_scope_or_bound()) }

  /// The slot as a `+checked` read asks it: `forRead`, also `isUnbound` while a
  /// render runs somewhere with checking on.
  @inlinable @inline(__always)
  static var forCheckedRead: TaskScopeSlot? { decode(obs_task_scope_or_bound_or_render()) }

  /// A slot that publishes `list`.
  @inlinable @inline(__always)
  init(publishing list: UnsafeMutablePointer<AccessList>) { raw = UnsafeMutableRawPointer(list) }

  /// Whether the slot is tagged (`isUnbound` or a mask), so that a read goes the
  /// out-of-line way; else it holds a list.
  @inlinable @inline(__always)
  var isTagged: Bool { UInt(bitPattern: raw) & 1 != 0 }

  /// The published list, for a slot known not to be tagged: the hot path's
  /// decoding, with no test of its own.
  @inlinable @inline(__always)
  var untaggedList: UnsafeMutablePointer<AccessList> { raw.assumingMemoryBound(to: AccessList.self) }

  /// The published list, if the slot holds one.
  @inlinable @inline(__always)
  var list: UnsafeMutablePointer<AccessList>? { isTagged ? nil : untaggedList }

  /// No scope published here, an async one open somewhere: look up the binding.
  @inlinable @inline(__always)
  var isUnbound: Bool { UInt(bitPattern: raw) == 1 }

  /// The async scope whose mask the slot holds, if it holds one (unretained).
  var mask: Unmanaged<TaskAccessList>? {
    guard isTagged, !isUnbound else { return nil }
    return Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: UInt(bitPattern: raw) & ~1)!)
  }

  /// A slot that masks the published scopes below it for `scope`'s task, holding
  /// a reference that whoever takes the mask off the slot releases.
  static func masking(_ scope: TaskAccessList) -> TaskScopeSlot {
    let address = UInt(bitPattern: Unmanaged.passRetained(scope).toOpaque())
    return TaskScopeSlot(UnsafeMutableRawPointer(bitPattern: address | 1)!)
  }
}
