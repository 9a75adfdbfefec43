/// A child state at a key path of its parent's, memoised until the next send.
///
/// Projecting a key path at run time costs hundreds of nanoseconds per level (the
/// runtime walks the path generically), so the first read after a send projects
/// once and later reads use the memo and replay its reads (the ancestors' `child`
/// fields) into the open scope: the same observations, at the price of a few
/// records. The cold read projects the state from the root's in one go, the same
/// getters in the same order, instead of filling every ancestor's memo level by
/// level, each collecting and replaying the reads of all above it: through the
/// composed key path when every step from the root is a key path, else through
/// the parent's projection and this step (`keyPath`, or the compiled getter of
/// a `.get` path).
@usableFromInline
final class KeyPathSource<Parent, State: ObservableState>: MemoSource<State> {
  let parent: StateSource<Parent>
  /// The step down from the parent: the store's identity among its siblings.
  let keyPath: KeyPath<Parent, State>
  /// The composed key path from the root, when every step is a key path.
  private let path: PathFromRoot<State>?
  private let parentCanEnd: Bool

  /// A child projected through `keyPath` at run time.
  @usableFromInline
  init(parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>, tree: StoreTree<State.Strategy>) {
    self.parent = parent
    self.keyPath = keyPath
    self.parentCanEnd = parent.canEnd
    if let parentPath = parent.pathFromRoot() {
      let path = parentPath.appending(keyPath)
      self.path = path
      super.init(project: { path.project() }, tree: tree)
    } else {
      self.path = nil
      let parentProject = parent.projection()
      super.init(project: { parentProject()[keyPath: keyPath] }, tree: tree)
    }
  }

  /// A child projected through `project`: `keyPath` compiled and applied to the
  /// parent's projection, composed where both are specialised (the `@inlinable`
  /// scope), so that a cold read runs specialised code at every level.
  @usableFromInline
  init(
    parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>,
    project: @escaping () -> State, tree: StoreTree<State.Strategy>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.parentCanEnd = parent.canEnd
    self.path = nil
    super.init(project: project, tree: tree)
  }

  /// A child found in place along `located`, the whole way down from the
  /// root's memory: a cold read copies no level's state, and the memo is the
  /// address found. `project` (a copy of what `located` finds, for the
  /// children scoped below this one with a getter) is composed where the store
  /// was scoped, so that it runs specialised code.
  @usableFromInline
  init(
    parent: StateSource<Parent>, keyPath: KeyPath<Parent, State>,
    located: LocatedPath, project: @escaping () -> State,
    tree: StoreTree<State.Strategy>
  ) {
    self.parent = parent
    self.keyPath = keyPath
    self.parentCanEnd = parent.canEnd
    self.path = nil
    super.init(project: project, located: located, tree: tree)
  }

  @usableFromInline
  override func locatedPath() -> LocatedPath? { located }

  override func pathFromRoot() -> PathFromRoot<State>? { path }

  override var isPresent: Bool { parentCanEnd ? parent.isPresent : true }

  override var canEnd: Bool { parentCanEnd }
}
