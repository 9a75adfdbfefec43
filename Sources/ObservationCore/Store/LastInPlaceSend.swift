/// Where a send from a store scoped in place found its state and its
/// parent's, kept for the next send from the same store while nothing else
/// touched the tree.
///
/// A send scoped in place walks down from the root's memory, making each
/// level's storage unique on the way (copy-on-write): at depth 64, about 48
/// instructions a level to write a field that apple's object writes directly.
/// The walk leaves every level unique and the addresses it found valid; what
/// could change either is a copy of a level kept past an access (a read that
/// returns a state, a reducer that keeps one) or a write that moves a level
/// (any other send). Each of those is an access to the tree under its guard
/// (``StoreTree/withExclusiveAccess(_:)`` counts them), so a send that comes
/// right after the last, with no access between — a burst of sends no
/// observer reacts to, as typing into a field nobody else reads — finds the
/// state where the last one left it, without a walk.
///
/// Kept only by strategies that skip unchanged identity: the others note a
/// write of every level on the way down, which only the walk does.
@usableFromInline
struct LastInPlaceSend {
  /// The path of the store that sent, unretained: its identity only.
  @usableFromInline var path: UnsafeRawPointer?
  /// The access that sent, numbered as the tree counts them.
  @usableFromInline var access: UInt = 0
  /// The parent's state, where the send found it.
  @usableFromInline var parent: UnsafeMutableRawPointer?
  /// The state, where the send found it.
  @usableFromInline var state: UnsafeMutableRawPointer?

  @inlinable
  init() {}

  /// What a send from the store of `path`, in access `access`, found.
  @inlinable
  init(path: LocatedPath, access: UInt, parent: UnsafeMutableRawPointer, state: UnsafeMutableRawPointer) {
    self.path = UnsafeRawPointer(Unmanaged.passUnretained(path).toOpaque())
    self.access = access
    self.parent = parent
    self.state = state
  }

  /// The addresses kept for `path`, if the last access before `access`
  /// (the running send's) was the send that kept them.
  @inlinable @inline(__always)
  func found(
    for path: LocatedPath, at access: UInt
  ) -> (parent: UnsafeMutableRawPointer, state: UnsafeMutableRawPointer)? {
    guard self.path == UnsafeRawPointer(Unmanaged.passUnretained(path).toOpaque()), self.access &+ 1 == access,
      let parent, let state
    else { return nil }
    return (parent, state)
  }
}
