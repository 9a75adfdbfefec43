import CoreModels
import Observation
import ObservationCore

/// ``NodeState`` on Swift's `Observation` module: a chain of `@Observable`
/// objects, each holding the next.
@Observable
final class AppleNode: @unchecked Sendable {
  var value = 0
  var side = 0
  var child: AppleNode?

  /// A chain of `depth` nodes, this one first.
  init(depth: Int) {
    if depth > 1 { child = AppleNode(depth: depth - 1) }
  }

  /// The node `levels` below this one, reached by reading `child` at each level.
  func descendant(_ levels: Int) -> AppleNode {
    var node = self
    for _ in 0..<levels { node = node.child! }
    return node
  }
}

/// ``nodeReducer(_:_:)`` on apple's objects: recurses down the chain to the node
/// addressed and writes it, reading `child` on the way as apple code does.
func appleNodeReducer(_ node: AppleNode, _ action: NodeAction) -> Effect<NodeAction> {
  switch action {
  case .setValue(let value): node.value = value
  case .setSide(let side): node.side = side
  case .child(let action): if let child = node.child { _ = appleNodeReducer(child, action) }
  }
  return .none
}

/// ``AppleNode`` with no observation: a chain of plain objects, each holding the
/// next, the floor of apple's nested writes (a held leaf object written in place).
final class PlainNodeObject {
  var value = 0
  var side = 0
  var child: PlainNodeObject?

  /// A chain of `depth` nodes, this one first.
  init(depth: Int) {
    if depth > 1 { child = PlainNodeObject(depth: depth - 1) }
  }

  /// The node `levels` below this one.
  func descendant(_ levels: Int) -> PlainNodeObject {
    var node = self
    for _ in 0..<levels { node = node.child! }
    return node
  }
}
