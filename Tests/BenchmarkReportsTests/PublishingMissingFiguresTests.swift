import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// `report` and `coverage` read old files, written before runs stored their
/// figures: those get them published; a newer file's figures are kept.
@Suite("Publishing the figures a file lacks")
struct PublishingMissingFiguresTests {
  private static func unpublished() -> BenchmarkRun {
    BenchmarkRun(
      environment: Fixtures.environment, settings: Fixtures.settings,
      cases: [
        Fixtures.result("untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1, 3.0, 3.3]),
        Fixtures.result("untracked", "apple", samples: [17, 17.5, 18, 17.2, 17.8]),
        Fixtures.result("untracked", "actor-task-whole", samples: [], failure: "set-up threw"),
      ], fits: [])
  }

  @Test func publishingMissingFigures_whenNoCaseHasFigures_publishesLikeTheRun() {
    let run = Self.unpublished()
    #expect(run.publishingMissingFigures() == Publication.publish(run))
  }

  @Test func publishingMissingFigures_whenCasesHaveFigures_keepsThem() {
    var run = Self.unpublished()
    run.cases[0].published = PublishedOnceTests.sentinel
    let filled = run.publishingMissingFigures()
    #expect(filled.cases[0].published == PublishedOnceTests.sentinel)
    #expect(filled.cases[1].published == Publication.publish(run).cases[1].published)
    #expect(filled.cases[2].published == nil)
  }

  @Test func publishingMissingFigures_whenOnlyACaseLacksThem_takesItsRatioFromItsApple() {
    var run = Publication.publish(Self.unpublished())
    let expected = run.cases[0].published
    run.cases[0].published = nil
    run.cases[1].published = PublishedOnceTests.appleSentinel
    let filled = run.publishingMissingFigures()
    #expect(filled.cases[0].published == expected)
    #expect(filled.cases[1].published == PublishedOnceTests.appleSentinel)
  }

  @Test func readPublished_whenTheFileHoldsFigures_readsThemAsWritten() throws {
    let path = NSTemporaryDirectory() + "obsbench-published-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try ResultsJSON.encode(PublishedOnceTests.run()).write(to: URL(fileURLWithPath: path))
    #expect(try ResultsJSON.readPublished(path: path) == PublishedOnceTests.run())
  }
}
