/// A state's path from its tree's root state, as one key path.
///
/// What a chain of key-path-only child stores projects with: one composed key
/// path, walked once per cold read, instead of one projection per level.
class PathFromRoot<State> {
  /// The state, projected from the root's current state.
  func project() -> State {
    preconditionFailure("subclass responsibility")
  }

  /// The path one key path further down.
  func appending<Child>(_ keyPath: KeyPath<State, Child>) -> PathFromRoot<Child> {
    preconditionFailure("subclass responsibility")
  }
}

/// `PathFromRoot` knowing the root's type.
final class RootedKeyPath<Root, State>: PathFromRoot<State> {
  let root: StateSource<Root>
  let keyPath: KeyPath<Root, State>

  init(root: StateSource<Root>, keyPath: KeyPath<Root, State>) {
    self.root = root
    self.keyPath = keyPath
  }

  override func project() -> State {
    root.read { $0[keyPath: keyPath] }
  }

  override func appending<Child>(_ next: KeyPath<State, Child>) -> PathFromRoot<Child> {
    RootedKeyPath<Root, Child>(root: root, keyPath: keyPath.appending(path: next))
  }
}
