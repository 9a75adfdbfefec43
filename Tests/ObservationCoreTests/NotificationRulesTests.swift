import ObservationCore
import Testing

import CoreModels

/// Each strategy's rule for a send that writes back what a field holds, as the
/// ObservationCore article states it: an equality-guarded setter notes
/// nothing; a child changed through its parent's `_modify` notes the parent's
/// field on the way down, changed or not, except with `+identity`, which
/// notes it only when the child's identity changed; `whole` notifies every
/// observer on a send that noted anything, and no one on a send that noted
/// nothing.
@Suite("Notification rules")
struct NotificationRulesTests {
  @Test(arguments: StrategyCase.withRefinements)
  func equalWriteBack_atTheRoot_notifiesNoOne(_ strategy: StrategyCase) async {
    await rootWriteBack(strategy.type)
  }

  private func rootWriteBack<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 2)
      let count = watch(S.self) { _ = store.count }
      let childCount = watch(S.self) { _ = store.child.count }
      let name = watch(S.self) { _ = store.name }
      store.send(.writeBackCount)
      store.send(.setNote("ignored"))
      #expect(count.value == 0)
      #expect(childCount.value == 0)
      #expect(name.value == 0)
    }
  }

  @Test(arguments: StrategyCase.withRefinements)
  func equalWriteBack_belowAParent_notesTheParentUnlessIdentity(_ strategy: StrategyCase) async {
    await childWriteBack(strategy.type)
  }

  private func childWriteBack<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let store = S.makeStore(rows: 2)
      let childCount = watch(S.self) { _ = store.child.count }
      let childLabel = watch(S.self) { _ = store.child.label }
      let name = watch(S.self) { _ = store.name }
      store.send(.writeBackChildCount)
      // The child noted nothing; its parent's `child` was modified on the way.
      let parentNoted = S.isIdentity ? 0 : 1
      #expect(childCount.value == parentNoted)
      #expect(childLabel.value == parentNoted)
      // `name` was not read through `child`: only `whole` reaches it.
      #expect(name.value == (S.isWhole && !S.isIdentity ? 1 : 0))
    }
  }
}
