import CoreModels
import ObservationCore
import Testing

@testable import Benchmarks

/// The reducers of the like-for-like nested send (`reads/store-after-send-routed`)
/// reach the node the wrapped action addresses, and no other, on every side.
@Suite struct NodeReducerTests {
  /// `action` wrapped `levels` times in `.child`, as a chain of child stores sends it.
  private func wrapped(_ action: NodeAction, _ levels: Int) -> NodeAction {
    (0..<levels).reduce(action) { action, _ in .child(action) }
  }

  @Test(arguments: [1, 2, 8])
  func appleNodeReducer_writesTheAddressedNodeOnly(depth: Int) {
    let root = AppleNode(depth: depth)
    _ = appleNodeReducer(root, wrapped(.setValue(7), depth - 1))
    #expect(root.descendant(depth - 1).value == 7)
    for level in 0..<(depth - 1) { #expect(root.descendant(level).value == 0) }
    _ = appleNodeReducer(root, wrapped(.setSide(3), depth - 1))
    #expect(root.descendant(depth - 1).side == 3)
  }

  @Test(arguments: [1, 2, 8])
  func plainNodeReducer_writesTheAddressedNodeOnly(depth: Int) {
    let store = PlainStore(initialState: PlainNode(depth: depth), reducer: plainNodeReducer)
    store.send(wrapped(.setValue(7), depth - 1))
    #expect(store.withState { PlainNode.value(below: depth - 1, at: $0) } == 7)
    for level in 0..<(depth - 1) {
      #expect(store.withState { PlainNode.value(below: level, at: $0) } == 0)
    }
  }

  @Test func appleNodeReducer_dropsAnActionAddressedBelowTheLeaf() {
    let root = AppleNode(depth: 2)
    _ = appleNodeReducer(root, wrapped(.setValue(7), 2))
    #expect(root.value == 0)
    #expect(root.descendant(1).value == 0)
  }
}
