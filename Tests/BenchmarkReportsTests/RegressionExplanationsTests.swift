import BenchmarkKit
import Testing

@testable import BenchmarkReports

/// The lines `compare` and `check` print under a regressed case.
@Suite("Regression explanations")
struct RegressionExplanationsTests {
  static let key = CaseKey(suite: "scopes", scenario: "track-fire", strategy: "lock-thread-keypath", size: 1)

  static func profile(alloc: Int64) -> KeptProfile {
    KeptProfile(
      key: key, operations: 16, loopPerOperation: 0,
      functions: [
        .init(name: "malloc", group: "alloc", selfInstructions: alloc, inclusiveInstructions: alloc),
        .init(
          name: "ObservationCore.Observer.init", group: "notify", selfInstructions: 160,
          inclusiveInstructions: 160 + alloc),
      ])
  }

  @Test func explanations_whenBothSidesKeptProfiles_sayWhereTheInstructionsWent() {
    let explained = RegressionExplanations(
      [(Self.key, Self.key)], before: KeptProfiles([Self.profile(alloc: 320)]),
      after: KeptProfiles([Self.profile(alloc: 400)]))
    #expect(explained.entries.count == 1)
    let text = explained.text()
    #expect(text.contains("scopes/track-fire[1] lock-thread-keypath against baseline:"))
    #expect(text.contains("by group: alloc +5.00 (total +5.00 per op)"))
    #expect(text.contains("top functions (self): malloc +5.00 (alloc)"))
    #expect(explained.markdown().contains("  - `by group: alloc +5.00 (total +5.00 per op)`"))
  }

  @Test func explanations_whenASideKeptNone_areEmpty() {
    let explained = RegressionExplanations(
      [(Self.key, Self.key)], before: nil, after: KeptProfiles([Self.profile(alloc: 400)]))
    #expect(explained.entries.isEmpty)
    #expect(explained.text().isEmpty && explained.markdown().isEmpty)
  }
}
