/// Where a located state lives in the root's memory: the root's address and
/// every step down to the state (`.locate` paths), walked in one
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
///
/// A path scoped in place (`scope(state:change:reducer:)`) holds a
/// second step per level, which finds the child for a change: the same walk,
/// each level's storage made unique on the way (copy-on-write) and its change
/// noted, so that a send is reduced where the state is stored.
@usableFromInline
final class LocatedPath {
  /// A step down, type-erased: the address of a child from its parent's.
  @usableFromInline typealias Step = (UnsafeRawPointer) -> UnsafeRawPointer
  /// A step down for a change, type-erased: the address of a child, ready to
  /// be changed in place, from its parent's; `nil` where there is no child.
  @usableFromInline typealias ChangeStep = (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?

  /// The root state's memory, which the root store owns and lends to its
  /// reducer as mutable.
  @usableFromInline let root: UnsafeMutableRawPointer
  /// The last step down, to this path's state; unused for the root's path.
  @usableFromInline let step: Step
  /// The last step down for a change, when this path was scoped in place
  /// (else one that finds nothing); unused for the root's path. Not an
  /// optional: a function in an `Optional` is stored at its most general
  /// representation, and calling it made a reabstraction thunk, a heap
  /// context, per level and send.
  @usableFromInline let change: ChangeStep
  /// Whether every step from the root has a change step: a child store found
  /// by this path can be changed in place.
  @usableFromInline let canChange: Bool
  /// The paths from the root's first child down to this one, each applying its
  /// `step`; held alive by `parent` (and this path itself, last).
  @usableFromInline let chain: UnsafeMutablePointer<Unmanaged<LocatedPath>>
  /// How many steps `chain` holds: the depth below the root.
  @usableFromInline let count: Int
  /// The path one step shorter, which keeps the paths `chain` lists alive.
  let parent: LocatedPath?

  /// The root's path: its state where the root store keeps it.
  init(root: UnsafeMutableRawPointer) {
    self.root = root
    self.step = { $0 }
    self.change = { _ in nil }
    self.canChange = true
    self.chain = .allocate(capacity: 0)
    self.count = 0
    self.parent = nil
  }

  private init(parent: LocatedPath, step: @escaping Step, change: ChangeStep?) {
    self.root = parent.root
    self.step = step
    if let change {
      self.change = change
      self.canChange = parent.canChange
    } else {
      self.change = { _ in nil }
      self.canChange = false
    }
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
    return LocatedPath(parent: self, step: erased.step, change: nil)
  }

  /// The path one step further down, to the child that `step` finds in this
  /// path's state and `change` finds for a change in place.
  ///
  /// Two functions, not an optional `change`: a function passed through an
  /// `Optional` comes out wrapped in a reabstraction thunk, a call more per
  /// level and send.
  @usableFromInline
  func appending<Parent, Child>(
    _ step: @escaping (UnsafePointer<Parent>) -> UnsafePointer<Child>,
    change: @escaping (UnsafeMutablePointer<Parent>) -> UnsafeMutablePointer<Child>?
  ) -> LocatedPath {
    let erased = unsafeBitCast(TypedStep(step: step), to: ErasedStep.self)
    let erasedChange = unsafeBitCast(TypedChangeStep(step: change), to: ErasedChangeStep.self)
    return LocatedPath(parent: self, step: erased.step, change: erasedChange.step)
  }

  /// The state's address now: every step applied from the root's memory.
  /// Called under the tree's guard; the address holds until the next send.
  @inlinable
  func locate<State>(_: State.Type) -> UnsafePointer<State> {
    var at = UnsafeRawPointer(root)
    var level = 0
    while level < count {
      at = chain[level]._withUnsafeGuaranteedRef { $0.step(at) }
      level &+= 1
    }
    return at.assumingMemoryBound(to: State.self)
  }

  /// The state's address for a change in place: every change step applied
  /// from the root's memory, each level's storage made unique and its change
  /// noted; `nil` if a level has no child. Called under the tree's guard by a
  /// send, whose reducer may write the state there until it returns.
  ///
  /// - Precondition: `canChange`.
  @inlinable
  func locateForChange<State>(_: State.Type) -> UnsafeMutablePointer<State>? {
    var at = root
    var level = 0
    while level < count {
      guard let next = chain[level]._withUnsafeGuaranteedRef({ $0.change(at) }) else { return nil }
      at = next
      level &+= 1
    }
    return at.assumingMemoryBound(to: State.self)
  }
}

/// A change step as the store is given it.
private struct TypedChangeStep<Parent, Child> {
  let step: (UnsafeMutablePointer<Parent>) -> UnsafeMutablePointer<Child>?
}

/// `TypedChangeStep` with its pointers erased.
private struct ErasedChangeStep {
  let step: LocatedPath.ChangeStep
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
