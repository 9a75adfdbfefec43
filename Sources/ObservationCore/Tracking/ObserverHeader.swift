/// What an ``Observer`` stores ahead of its nodes.
///
/// A `ManagedBuffer`'s header must be copyable and `Atomic` is not, so the two
/// atomic fields are plain words here that are only ever accessed through
/// `Atomic` views of their memory (`Observer.state`, `Observer.linkedCount`),
/// which has the same size and alignment; the header is written once, before the
/// observer is published to any other thread. They lead the header, where a
/// struct's stored properties are laid out in order: `stateOffset` says where
/// the second one is, and a debug build checks it.
struct ObserverHeader {
  /// How many nodes are linked, as an `Atomic<Int>`.
  var linkedWord: Int
  /// The observer's state as an `Atomic<UInt8>`.
  var stateWord: UInt8
  let isPersistent: Bool
  let nodeCount: Int
  /// Set once, right after the header is made, before the observer is published
  /// to any other thread.
  var onChange: @Sendable () -> Void

  /// Where `stateWord` is, from the start of the header.
  static var stateOffset: Int {
    assert(MemoryLayout<ObserverHeader>.offset(of: \ObserverHeader.linkedWord) == 0)
    assert(MemoryLayout<ObserverHeader>.offset(of: \ObserverHeader.stateWord) == MemoryLayout<Int>.size)
    return MemoryLayout<Int>.size
  }
}
