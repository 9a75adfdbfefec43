import BenchmarkKit
import ObservationCore
import Testing
@testable import Benchmarks

/// Which scenarios compare unlike API forms, and their like-for-like forms: the
/// links reports lead headlines with.
@Suite("Scenario forms")
struct ScenarioFormTests {
  static let forms = BenchmarkRun.scenarioForms(of: ScenarioCase.suites) ?? [:]

  @Test func likeForLikeLinks_pairIdiomaticScenariosWithTheirRearmedAndRoutedForms() {
    let links = Self.forms.compactMapValues(\.likeForLike)
    #expect(
      links == [
        "collections/update-row": "update-row-rearm", "collections/insert": "insert-rearm",
        "collections/remove": "remove-rearm", "collections/move": "move-rearm",
        "collections/replace-all": "replace-all-rearm", "collections/sort": "sort-rearm",
        "collections/remove-where": "remove-where-rearm", "collections/move-offsets": "move-offsets-rearm",
        "nesting/leaf-write": "leaf-write-rearm",
        "reads/store-after-send": "store-after-send-routed", "mutations/observed": "observed-rearm",
        "mutations/store-send-observed": "store-send-rearm", "contention/object": "object-rearm",
        "contention/store": "store-rearm", "reported/observe-cascade": "observe-cascade-apart",
      ])
  }

  @Test func everyCounterpart_isAScenarioOfTheSameSuite_thatLinksBack() {
    for (key, form) in Self.forms {
      guard let counterpart = form.counterpart else { continue }
      let suite = String(key.split(separator: "/")[0])
      let scenario = String(key.split(separator: "/")[1])
      let other = Self.forms["\(suite)/\(counterpart)"]
      #expect(other?.counterpart == scenario, "\(key) → \(counterpart)")
      #expect(other?.kind != form.kind, "\(key) and \(counterpart) are both \(form.kind)")
    }
  }

  @Test func everyIdiomaticScenario_hasItsLikeForLikeForm() {
    // The stall probe times one read while another thread writes; how its
    // observer re-arms is outside the timed read, and it has no second form.
    let labelledOnly: Set = ["reported/stalled-reader"]
    for (key, form) in Self.forms where form.kind == .idiomatic && form.forms == ScenarioForm.persistentAgainstRearmed {
      #expect(form.likeForLike != nil || labelledOnly.contains(key), "\(key) has no like-for-like form")
    }
    #expect(labelledOnly.allSatisfy { Self.forms[$0]?.kind == .idiomatic }, "labelled as idiomatic")
    #expect(Self.forms["contention/store"]?.likeForLike == "store-rearm")
  }

  @Test func tradeOffs_areReadOffTheCapabilities() {
    let tradeOffs = Registry.strategyTradeOffs
    #expect(tradeOffs["lock-task-keypath"] == [])
    #expect(tradeOffs["lock-thread-keypath"] == ["no tracking across await"])
    #expect(
      tradeOffs["actor-task-whole"] == ["callers off the actor hop in", "no per-field invalidation (over-notifies)"])
    #expect(tradeOffs["lock-task-keypath+identity"] == [])
  }
}
