import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// Observation's overhead above `none`, published once: never negative, a bound
/// when its interval reaches 0, and as a share of apple's.
@Suite("Overhead above none")
struct OverheadTests {
  static func figures(_ median: Double, _ interval: ClosedRange<Double>, resolution: Double = 0.5) -> PublishedFigures {
    PublishedFigures(
      resolutionNs: resolution, medianNs: .value(median), p90Ns: .value(interval.upperBound),
      minNs: .value(interval.lowerBound), ciLowNs: .value(interval.lowerBound), ciHighNs: .value(interval.upperBound))
  }

  @Test func overhead_whenClearlyAboveNone_isTheDifferenceWithAConservativeInterval() throws {
    let overhead = try #require(Publication.overhead(of: Self.figures(100, 95...105), floor: Self.figures(10, 9...11)))
    #expect(overhead.0 == .value(90))
    #expect(overhead.1 == 84...96)
  }

  @Test func overhead_whenItsIntervalReachesZero_isABoundNeverNegative() throws {
    let near = try #require(Publication.overhead(of: Self.figures(10, 9...11), floor: Self.figures(9.5, 9...10)))
    #expect(near.0 == .below(2))
    #expect(near.1 == nil)
    let below = try #require(Publication.overhead(of: Self.figures(5, 4...6), floor: Self.figures(10, 9...11)))
    #expect(below.0 == .below(0.5))
    for figure in [near.0, below.0] { #expect((figure.number ?? 0) > 0) }
  }

  @Test func overhead_whenTheCaseIsABound_isABound() throws {
    var figures = Self.figures(1, 0.5...1.5)
    figures.medianNs = .below(1.5)
    let overhead = try #require(Publication.overhead(of: figures, floor: Self.figures(0.4, 0.25...0.5)))
    #expect(overhead.0 == .below(1.25))
  }

  @Test func overhead_whenNoneIsABound_isNotPublished() {
    var floor = Self.figures(0.2, 0.1...0.3)
    floor.medianNs = .below(0.3)
    #expect(Publication.overhead(of: Self.figures(100, 95...105), floor: floor) == nil)
  }

  /// Four passes of `ns` each, the last in the machine's ×2 state, with a
  /// little noise per round.
  static func bimodal(_ strategy: String, _ ns: Double, phase: Double = 0) -> CaseResult {
    let passes = (0..<4).map { pass in
      (0..<10).map { round -> Double in
        let state: Double = pass == 3 ? 2 : 1
        let noise = 1 + 0.02 * sin(Double(pass * 13 + round * 7) + phase)
        return ns * state * noise
      }
    }
    return PassCases.result(strategy, passes: passes)
  }

  /// Publishes `cases` as one scenario and size, apple beside them.
  static func published(_ cases: [CaseResult]) -> [String: CaseResult] {
    let run = Publication.publish(
      BenchmarkRun(environment: Fixtures.environment, settings: Fixtures.settings, cases: cases))
    return Dictionary(run.cases.map { ($0.strategy, $0) }, uniquingKeysWith: { first, _ in first })
  }

  @Test func overhead_whenBothSidesShareASlowPass_staysAValueAndHoldsTheDifference() throws {
    // Subtracting the two median intervals end against end reaches below zero
    // here: the ×2 pass widens each side by a factor.
    let cases = Self.published([Self.bimodal("apple", 60_000), Self.bimodal("none", 20_000)])
    let apple = try #require(cases["apple"]?.published)
    let none = try #require(cases["none"]?.published)
    let unpaired = try #require(Publication.overhead(of: apple, floor: none))
    #expect(unpaired.0.isBound)
    let overhead = try #require(apple.overheadNs)
    let interval = try #require(apple.overheadInterval)
    let value = try #require(overhead.value)
    #expect(interval.contains(value))
    #expect(interval.lowerBound > 0)
    #expect(abs(value - 40_000) < 2_000)
  }

  @Test func overhead_whenTheCaseIsNotAboveItsFloor_isABound() throws {
    let cases = Self.published([Self.bimodal("apple", 20_100), Self.bimodal("none", 20_000, phase: 2)])
    let overhead = try #require(cases["apple"]?.published?.overheadNs)
    #expect(overhead.isBound)
    #expect(cases["apple"]?.published?.overheadInterval == nil)
  }

  @Test func overhead_whenTheFloorIsUnderTheResolution_isTheCaseLessAtMostTheFloorsBound() throws {
    let none = PassCases.result("none", passes: Array(repeating: [0.001, -0.002, 0.002, 0.0], count: 4))
    let cases = Self.published([Self.bimodal("apple", 1_000), none])
    let floor = try #require(cases["none"]?.published)
    guard case .below(let bound) = floor.medianNs else {
      Issue.record("none's median should be a bound, is \(floor.medianNs)")
      return
    }
    let apple = try #require(cases["apple"])
    let overhead = try #require(apple.published?.overheadNs?.value)
    let interval = try #require(apple.published?.overheadInterval)
    let caseInterval = try #require(apple.medianInterval)
    let median = try #require(apple.statistics?.median)
    #expect(overhead <= median)
    #expect(interval.lowerBound == caseInterval.lowerBound - bound)
    #expect(interval.upperBound == caseInterval.upperBound)
  }

  @Test func medianInterval_whenAResolvedMedianHasAWideInterval_publishesItsLowEndAsAValue() throws {
    let apple = try #require(Self.published([Self.bimodal("apple", 60_000)])["apple"])
    let interval = try #require(apple.medianInterval)
    // Far below the median, far above the harness's error.
    #expect(60_000 - interval.lowerBound > interval.lowerBound - apple.harnessUncertaintyNs)
    #expect(apple.published?.ciLowNs == .value(interval.lowerBound))
    #expect(apple.published?.medianNs.value != nil)
  }

  @Test func share_isTheOverheadOverApplesWithTheWorstCaseInterval() throws {
    let share = try #require(Publication.share((.value(50), 40...60), of: (.value(100), 80...120)))
    #expect(share.0 == .value(0.5))
    #expect(share.1 == (40.0 / 120)...(60.0 / 80))
    #expect(Publication.share((.below(5), nil), of: (.value(100), 80...120))?.0 == .below(5.0 / 80))
    #expect(Publication.share((.value(50), 40...60), of: (.below(3), nil)) == nil)
  }

  @Test func publish_whenNoneIsBesideTheCases_publishesEachOverheadOnceForEveryWriter() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100),
      HeadlineCases.result("lock-task-whole", 20.2),
      HeadlineCases.result("apple", 400),
      HeadlineCases.result("none", 20),
    ])
    let published = { (id: String) in run.cases.first { $0.strategy == id }?.published }
    let lock = try #require(published("lock-thread-keypath"))
    #expect(lock.overheadNs?.value.map { $0 > 70 && $0 < 90 } == true)
    #expect(lock.overheadShareOfApple?.value.map { $0 > 0.15 && $0 < 0.3 } == true)
    // Within none's own spread: a bound, not a number and never negative.
    let whole = try #require(published("lock-task-whole"))
    #expect(whole.overheadNs?.isBound == true)
    #expect((whole.overheadNs?.number ?? -1) > 0)
    #expect(published("none")?.overheadNs == nil)
    #expect(published("apple")?.overheadShareOfApple == nil)
    let csv = try CSVTable.parse(ResultsCSV.render(run))
    let header = csv[0]
    let row = try #require(csv.first { $0.count > 2 && $0[2] == "lock-task-whole" })
    #expect(header.firstIndex(of: "overhead_bound").map { row[$0] } == "<")
    #expect(header.firstIndex(of: "overhead_share_of_apple") != nil)
    let lockRow = try #require(csv.first { $0.count > 2 && $0[2] == "lock-thread-keypath" })
    #expect(header.firstIndex(of: "overhead_ns").map { lockRow[$0] } == NumberFormat.fixed(lock.overheadNs?.value))
  }
}

/// A store workload's time split: the store floor's routing above `none`, and
/// each store strategy's observation above the store floor, beside apple's
/// overhead above `none`.
@Suite("Observation above the store floor")
struct StoreFloorSplitTests {
  static func run() -> BenchmarkRun {
    HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath+identity", 300),
      HeadlineCases.result("lock-thread-whole", 1_000),
      HeadlineCases.result("store-floor", 200),
      HeadlineCases.result("apple", 400),
      HeadlineCases.result("none", 20),
    ])
  }

  @Test func publish_whenAStoreFloorIsBeside_splitsRoutingFromObservation() throws {
    let run = Self.run()
    let published = { (id: String) in run.cases.first { $0.strategy == id }?.published }
    let cheapest = try #require(published("lock-thread-keypath+identity"))
    // 300 − 200 above the floor, against apple's 400 − 20 above none.
    #expect(cheapest.overStoreFloorNs?.value.map { $0 > 80 && $0 < 120 } == true)
    #expect(cheapest.overStoreFloorShareOfApple?.value.map { $0 > 0.2 && $0 < 0.33 } == true)
    // The floor's own overhead above none is the routing; it has no share.
    let floor = try #require(published("store-floor"))
    #expect(floor.overheadNs?.value.map { $0 > 160 && $0 < 200 } == true)
    #expect(floor.overheadShareOfApple == nil)
    #expect(floor.overStoreFloorNs == nil)
    #expect(floor.versusCheapest == nil, "the store floor is not a choice")
    #expect(published("apple")?.overStoreFloorNs == nil)
    let csv = try CSVTable.parse(ResultsCSV.render(run))
    let header = csv[0]
    let row = try #require(csv.first { $0.count > 2 && $0[2] == "lock-thread-keypath+identity" })
    #expect(header.contains("over_store_floor_share_ci_high"))
    #expect(
      header.firstIndex(of: "over_store_floor_ns").map { row[$0] }
        == NumberFormat.fixed(cheapest.overStoreFloorNs?.value))
  }

  @Test func headline_namesRoutingAndObservation_andCountsNoStoreFloorAmongTheStrategies() throws {
    let run = Self.run()
    let line = try #require(Headline.headlines(of: run).first)
    #expect(line.lead.cheapest == "lock-thread-keypath+identity")
    #expect(line.lead.versusApple.total == 2, "the store floor is not one of the strategies against apple")
    let split = HeadlineText.storeSplit(line.lead)
    #expect(split.hasPrefix("store floor 2"), "the store floor's median, about 200 ns")
    #expect(split.contains("observation above it +"))
    #expect(split.contains("of apple's overhead"))
    #expect(MarkdownSummary.render(run).contains(split))
  }

  @Test func headline_withoutAStoreFloor_saysNothingOfIt() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 300), HeadlineCases.result("apple", 400),
      HeadlineCases.result("none", 20),
    ])
    let line = try #require(Headline.headlines(of: run).first)
    #expect(HeadlineText.storeSplit(line.lead).isEmpty)
  }

  @Test func floorCheck_doesNotJudgeTheStoreFloor_whichSkipsWhatFiringTriggers() {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 300), HeadlineCases.result("store-floor", 5),
      HeadlineCases.result("none", 200),
    ])
    let results = FloorCheck.evaluate(run)
    #expect(!results.isEmpty)
    #expect(results.allSatisfy { $0.outcome?.passed == true })
  }

  @Test func floorCheck_failsAStoreStrategyOnlyBelowBothFloors_andJudgesAppleByNone() {
    // The store's collection beats plain Swift's: cheaper than none, not a defect.
    let storeWins = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 120), HeadlineCases.result("store-floor", 100),
      HeadlineCases.result("apple", 400), HeadlineCases.result("none", 200),
    ])
    #expect(FloorCheck.evaluate(storeWins).allSatisfy { $0.outcome?.passed == true })
    // Cheaper than the lock-guarded store floor, not than none: an actor
    // strategy takes no lock.
    let noLock = HeadlineCases.run([
      HeadlineCases.result("actor-thread-keypath", 150), HeadlineCases.result("store-floor", 300),
      HeadlineCases.result("apple", 400), HeadlineCases.result("none", 100),
    ])
    #expect(FloorCheck.evaluate(noLock).allSatisfy { $0.outcome?.passed == true })
    // Cheaper than none and than the same store with nothing observed: less work.
    let skipped = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 50), HeadlineCases.result("store-floor", 100),
      HeadlineCases.result("apple", 400), HeadlineCases.result("none", 200),
    ])
    let failed = FloorCheck.evaluate(skipped).first { $0.outcome?.passed == false }
    #expect(failed?.outcome?.detail.contains("lock-thread-keypath") == true)
    #expect(failed?.outcome?.detail.contains("of store-floor") == true)
    // Apple is judged against none, store floor or not.
    let appleCheaper = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 120), HeadlineCases.result("store-floor", 100),
      HeadlineCases.result("apple", 50), HeadlineCases.result("none", 200),
    ])
    let apple = FloorCheck.evaluate(appleCheaper).first { $0.outcome?.passed == false }
    #expect(apple?.outcome?.detail.contains("apple") == true)
    #expect(apple?.outcome?.detail.contains("of none") == true)
  }
}

extension StoreFloorSplitTests {
  @Test func whichShouldIUse_namesRoutingAndObservation_forAStoreHeadline() throws {
    let run = Self.run()
    let markdown = MarkdownSummary.render(run)
    let line = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("- **collections**") })
    #expect(line.contains(" — store floor "))
    #expect(line.contains("observation above it +"))
    // The cheapest's ratio, the tied group and the counts against apple too.
    #expect(line.contains(" — ratio to apple 0.7"))
    #expect(line.contains("; 1 faster, 1 slower of 2 — store floor "))
    #expect(HTMLReport.render(run).contains(" — store floor "))
  }
}
