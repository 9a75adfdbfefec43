import BenchmarkKit
import Testing

@testable import BenchmarkReports

/// The report's profile view: drawn from kept profiles, one stacked bar per
/// strategy and one change bar per axis of the matrix.
@Suite("Profile view")
struct ProfileViewTests {
  // Eight strategies whose task scopes cost 30 more scope instructions and
  // whose actors cost 8 more registrar instructions per operation.
  static func profiles() -> KeptProfiles {
    var cases = [KeptProfile]()
    for registrar in ["lock", "actor"] {
      for scope in ["thread", "task"] {
        for invalidation in ["keypath", "whole"] {
          let strategy = "\(registrar)-\(scope)-\(invalidation)"
          cases.append(
            KeptProfile(
              key: CaseKey(suite: "reads", scenario: "tracked", strategy: strategy, size: 1), operations: 4,
              loopPerOperation: 0,
              functions: [
                .init(
                  name: "registrar", group: "registrar", selfInstructions: registrar == "actor" ? 72 : 40,
                  inclusiveInstructions: 0),
                .init(
                  name: "scope", group: "scope", selfInstructions: scope == "task" ? 140 : 20,
                  inclusiveInstructions: 0),
                .init(name: "loop", group: "workload", selfInstructions: 16, inclusiveInstructions: 400),
              ]))
        }
      }
    }
    return KeptProfiles(cases)
  }

  @Test func profileView_whenProfilesWereKept_drawsStrategiesAndAxes() {
    var runs = ReportRuns(Fixtures.sample)
    runs.profiles = Self.profiles()
    let html = HTMLReport.render(runs)
    #expect(html.contains("Where the instructions go"))
    #expect(html.contains("scope: thread → task"))
    #expect(html.contains("mean of 4 pairs"))
    // The scope axis costs +30 in scope, and nothing else moves.
    #expect(html.contains("scope: thread → task: scope +30.0 instructions per operation"))
    #expect(html.contains("registrar: lock → actor: registrar +8.0 instructions per operation"))
  }

  @Test func effectsTable_whenProfilesExplainTheSuite_linksItsAxisRowsToThem() {
    var runs = ReportRuns(PublishedEffectsTests.run())
    let without = HTMLReport.render(runs)
    #expect(!without.contains("href=\"#profile-reads\""))
    #expect(!without.contains("<th class=\"case\">why</th>"))
    runs.profiles = Self.profiles()
    let html = HTMLReport.render(runs)
    #expect(html.contains("<h3 id=\"profile-reads\">"))
    #expect(html.contains("<a href=\"#profile-reads\">instructions by group</a>"))
  }

  @Test func profileView_withoutProfiles_isAbsent() {
    #expect(!HTMLReport.render(ReportRuns(Fixtures.sample)).contains("Where the instructions go"))
  }
}
