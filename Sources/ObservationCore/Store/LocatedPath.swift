/// Where a located state lives in the root's memory: the root's address and
/// every step down to the state (`scope(state:locate:action:)`), walked in one
/// loop.
///
/// A closure composed per level (`{ step(parentLocation()) }`) would make a
/// cold read two indirect calls per level, the composed closure's and the
/// step's. Here each level is one: the loop calls the steps themselves, from
/// the root down.
///
/// The steps are type-erased to `(UnsafeRawPointer) -> UnsafeRawPointer`, the
/// representation of every `(UnsafePointer<Parent>) -> UnsafePointer<Child>`;
/// each is held by the path that ends with it (`step`), and a path lists those
/// of the whole way down unretained (`chain`), so the loop loads each step from
/// an immutable field of a path it does not retain: no retain and release of a
/// closure context per level.
@usableFromInline
final class LocatedPath {
  /// A step down, type-erased: the address of a child from its parent's.
  @usableFromInline typealias Step = (UnsafeRawPointer) -> UnsafeRawPointer

  /// The root state's memory.
  @usableFromInline let root: UnsafeRawPointer
  /// The last step down, to this path's state; unused for the root's path.
  @usableFromInline let step: Step
  /// The paths from the root's first child down to this one, each applying its
  /// `step`; held alive by `parent` (and this path itself, last).
  @usableFromInline let chain: UnsafeMutablePointer<Unmanaged<LocatedPath>>
  /// How many steps `chain` holds: the depth below the root.
  @usableFromInline let count: Int
  /// The path one step shorter, which keeps the paths `chain` lists alive.
  let parent: LocatedPath?

  /// The root's path: its state where the root store keeps it.
  init(root: UnsafeRawPointer) {
    self.root = root
    self.step = { $0 }
    self.chain = .allocate(capacity: 0)
    self.count = 0
    self.parent = nil
  }

  private init(parent: LocatedPath, step: @escaping Step) {
    self.root = parent.root
    self.step = step
    self.count = parent.count + 1
    self.chain = .allocate(capacity: count)
    self.chain.initialize(from: parent.chain, count: parent.count)
    self.parent = parent
    (chain + parent.count).initialize(to: .passUnretained(self))
  }

  deinit {
    chain.deallocate()
  }

  /// The path one step further down, to the child that `step` finds in this
  /// path's state.
  @usableFromInline
  func appending<Parent, Child>(
    _ step: @escaping (UnsafePointer<Parent>) -> UnsafePointer<Child>
  ) -> LocatedPath {
    // Bit-cast as fields of structs: a function bit-cast directly passes
    // through `unsafeBitCast`'s generic parameters, which wraps it in
    // reabstraction thunks (three calls per step instead of one).
    let erased = unsafeBitCast(TypedStep(step: step), to: ErasedStep.self)
    return LocatedPath(parent: self, step: erased.step)
  }

  /// The state's address now: every step applied from the root's memory.
  /// Called under the tree's guard; the address holds until the next send.
  @inlinable
  func locate<State>(_: State.Type) -> UnsafePointer<State> {
    var at = root
    var level = 0
    while level < count {
      at = chain[level]._withUnsafeGuaranteedRef { $0.step(at) }
      level &+= 1
    }
    return at.assumingMemoryBound(to: State.self)
  }
}

/// A step down as the store is given it.
private struct TypedStep<Parent, Child> {
  let step: (UnsafePointer<Parent>) -> UnsafePointer<Child>
}

/// `TypedStep` with its pointers erased: the same layout, a function of the
/// same representation.
private struct ErasedStep {
  let step: LocatedPath.Step
}
