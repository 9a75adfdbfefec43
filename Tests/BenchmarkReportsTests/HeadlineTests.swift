import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// Headlines that tell the truth: ties named as ties, a ratio whose interval
/// holds 1 never printed as a win, like-for-like forms first and idiomatic ones
/// labelled.
@Suite("Headlines")
struct HeadlineTests {
  @Test func headline_whenTwoStrategiesAreIdentical_namesBothAsTied() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100, jitter: 0),
      HeadlineCases.result("actor-thread-keypath", 100, jitter: 0),
      HeadlineCases.result("lock-task-whole", 200),
      HeadlineCases.result("apple", 400),
      HeadlineCases.result("none", 20),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    let named = Set([try #require(lead.cheapest)] + lead.tied)
    #expect(named == ["lock-thread-keypath", "actor-thread-keypath"])
    #expect(lead.compared == 3)
    let text = MarkdownSummary.render(run)
    #expect(text.contains("; tied: `") && text.contains("(2 of 3; ratios 0.25×–0.25×)"))
  }

  @Test func headline_ofATiedGroup_givesTheGroupsRangeOfRatios_notOnlyTheLuckiest() throws {
    // Three strategies 100 to 108 ns, noisy enough that the run cannot tell
    // them apart, against apple's 400: the group's range, not only 0.25×.
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100, jitter: 0.3),
      HeadlineCases.result("actor-thread-keypath", 104, jitter: 0.3),
      HeadlineCases.result("lock-task-keypath", 108, jitter: 0.3),
      HeadlineCases.result("apple", 400),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    #expect(lead.tied.count == 2)
    let group = try #require(lead.groupRatios)
    let ratios = run.cases.compactMap { $0.strategy == "apple" ? nil : $0.published?.ratioToApple?.value }
    #expect(group == ratios.min()!...ratios.max()!)
    #expect(group.upperBound > group.lowerBound)
    let range = "\(NumberFormat.ratio(group.lowerBound))–\(NumberFormat.ratio(group.upperBound))"
    #expect(HeadlineText.ties(lead) { $0 }.hasSuffix("(3 of 3; ratios \(range))"))
    // Which should I use says the same of the group.
    let choice = try #require(
      MarkdownSummary.render(run).split(separator: "\n").first { $0.hasPrefix("- **collections**") })
    #expect(choice.contains(", tied group \(range); 3 faster, 0 slower of 3"))
    // And the CSV, on every row of the size, apple's too.
    let csv = try CSVTable.parse(ResultsCSV.render(run))
    let column = { (name: String) in try #require(csv[0].firstIndex(of: name)) }
    for row in csv.dropFirst() {
      #expect(row[try column("tied_group_ratio_low")] == NumberFormat.ratioField(group.lowerBound))
      #expect(row[try column("tied_group_ratio_high")] == NumberFormat.ratioField(group.upperBound))
      #expect(row[try column("strategies_faster_than_apple")] == "3")
      #expect(row[try column("strategies_slower_than_apple")] == "0")
      #expect(row[try column("strategies_against_apple")] == "3")
    }
  }

  @Test func csv_whenEveryStrategyLosesToApple_saysSoOnEveryRow() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 300),
      HeadlineCases.result("actor-thread-keypath", 600),
      HeadlineCases.result("apple", 100),
    ])
    let csv = try CSVTable.parse(ResultsCSV.render(run))
    let slower = try #require(csv[0].firstIndex(of: "strategies_slower_than_apple"))
    let low = try #require(csv[0].firstIndex(of: "tied_group_ratio_low"))
    #expect(csv.dropFirst().allSatisfy { $0[slower] == "2" })
    #expect(csv.dropFirst().allSatisfy { Double($0[low]).map { $0 > 2.5 } == true })
  }

  @Test func headline_whenAStrategyIsClearlyTwiceTheCheapest_doesNotTieIt() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100),
      HeadlineCases.result("lock-task-whole", 200),
      HeadlineCases.result("apple", 400),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    #expect(lead.cheapest == "lock-thread-keypath")
    #expect(lead.tied.isEmpty)
    let slower = try #require(run.cases.first { $0.strategy == "lock-task-whole" }?.published?.versusCheapest)
    #expect(!slower.isTied)
    #expect(slower.interval.map { $0.lowerBound > 1.5 } == true)
  }

  @Test func headline_cheapestIsTheLowestMedian_andNoTiedOneShowsALowerOne() throws {
    // Close enough to tie; the cheapest is the one whose median the tables
    // print lowest, whatever the paired ratios' noise says.
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 103, jitter: 0.05),
      HeadlineCases.result("lock-task-keypath", 100, jitter: 0.05),
      HeadlineCases.result("actor-task-keypath", 101, jitter: 0.05),
      HeadlineCases.result("apple", 400),
    ])
    let medians = Dictionary(
      uniqueKeysWithValues: run.cases.compactMap { result in
        result.published?.medianNs.value.map { (result.strategy, $0) }
      })
    let lead = try #require(Headline.headlines(of: run).first).lead
    let cheapest = try #require(lead.cheapest)
    #expect(!lead.tied.isEmpty)
    for strategy in lead.tied { #expect(try #require(medians[strategy]) >= medians[cheapest]!) }
  }

  @Test func headline_whenAStrategysMedianIsABound_isUnresolved_neitherTiedNorApart() throws {
    var bound = HeadlineCases.result("lock-task-whole", 100)
    bound.samples = bound.samples.map { _ in 0.01 }
    bound.summarise(resamples: 200, seed: 7)
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100), bound, HeadlineCases.result("apple", 400),
    ])
    let versus = try #require(run.cases.first { $0.strategy == "lock-task-whole" }?.published?.versusCheapest)
    #expect(run.cases.first { $0.strategy == "lock-task-whole" }?.published?.medianNs.value == nil)
    #expect(versus.isUnresolved && !versus.isTied)
    #expect(try #require(Headline.headlines(of: run).first).lead.tied.isEmpty)
    let csv = try CSVTable.parse(ResultsCSV.render(run))
    let tied = try #require(csv[0].firstIndex(of: "tied_with_cheapest"))
    let row = try #require(csv.first { $0[2] == "lock-task-whole" })
    #expect(row[tied] == "")
  }

  @Test func ratio_whenItsIntervalHoldsOne_printsNoMeasurableDifference() {
    #expect(HeadlineText.ratio(.value(0.9), interval: 0.8...1.1) == "no measurable difference (0.80×–1.10×)")
    #expect(HeadlineText.ratio(.value(0.31), interval: 0.29...0.34) == "0.31× (0.29×–0.34×)")
  }

  @Test func headline_whenTheCheapestMatchesApple_printsNoMeasurableDifference() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100, jitter: 0.08),
      HeadlineCases.result("apple", 100, jitter: 0.08),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    #expect(lead.interval.map { $0.contains(1) } == true)
    let text = MarkdownSummary.render(run)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("| collections | update-row") })
    #expect(line.contains("| no measurable difference ("))
    #expect(HTMLReport.render(run).contains("<td class=\"same\">no measurable difference ("))
  }

  @Test func headline_whenItsScenarioComparesIdiomaticFormsOnly_isLabelled() throws {
    let form = ScenarioForm(kind: .idiomatic, forms: ScenarioForm.persistentAgainstRearmed)
    let run = HeadlineCases.run(
      [
        HeadlineCases.result("lock-thread-keypath", 100, suite: "contention", scenario: "store"),
        HeadlineCases.result("apple", 400, suite: "contention", scenario: "store"),
      ], headlines: ["contention": "store"], forms: ["contention/store": form])
    let label = "idiomatic forms (persistent observe vs apple re-armed)"
    let text = MarkdownSummary.render(run)
    #expect(text.contains("| contention | store — \(label) |"))
    #expect(text.contains("| store *idiomatic* | 10 |"))
    let html = HTMLReport.render(run)
    #expect(html.contains("<td class=\"scenario\">store<span class=\"form\">\(label)</span></td>"))
    #expect(html.contains("store<span class=\"form\" title=\"\(label)\">idiomatic</span>"))
  }

  @Test func headline_whenItsScenarioHasALikeForLikeForm_leadsWithIt() throws {
    let forms = [
      "collections/update-row": ScenarioForm(
        kind: .idiomatic, forms: ScenarioForm.persistentAgainstRearmed, counterpart: "update-row-rearm"),
      "collections/update-row-rearm": ScenarioForm(
        kind: .likeForLike, forms: ScenarioForm.bothRearm, counterpart: "update-row"),
    ]
    let run = HeadlineCases.run(
      [
        HeadlineCases.result("lock-thread-keypath", 100, jitter: 0),
        HeadlineCases.result("apple", 400, jitter: 0),
        HeadlineCases.result("lock-thread-keypath", 900, scenario: "update-row-rearm", jitter: 0),
        HeadlineCases.result("apple", 450, scenario: "update-row-rearm", jitter: 0),
      ], forms: forms)
    let headline = try #require(Headline.headlines(of: run).first)
    #expect(headline.scenario == "update-row")
    #expect(headline.lead.scenario == "update-row-rearm")
    #expect(headline.idiomatic?.scenario == "update-row")
    let text = MarkdownSummary.render(run)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("| collections |") }.map(String.init))
    #expect(line.hasPrefix("| collections | update-row-rearm — like-for-like (both re-arm one-shot scopes) | 10 |"))
    #expect(
      line.contains("| `update-row`, idiomatic forms (persistent observe vs apple re-armed): `lock-thread-keypath`"))
    // Like for like first: the rearm ratio (2×) before the idiomatic one (0.25×).
    let leading = try #require(line.range(of: "2.00× ("))
    let beside = try #require(line.range(of: "0.25× ("))
    #expect(leading.lowerBound < beside.lowerBound)
  }
}

extension HeadlineTests {
  @Test func headline_whenTheCheapestIsARefinement_namesTheCheapestOfEachPlainInvalidation() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath+identity", 100),
      HeadlineCases.result("lock-thread-keypath", 700),
      HeadlineCases.result("actor-thread-keypath", 600),
      HeadlineCases.result("lock-thread-whole", 900),
      HeadlineCases.result("apple", 400),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    #expect(lead.cheapest == "lock-thread-keypath+identity")
    #expect(lead.unrefined.map(\.strategy) == ["actor-thread-keypath", "lock-thread-whole"])
    let text = MarkdownSummary.render(run)
    #expect(text.contains("`keypath`: `actor-thread-keypath` "))
    #expect(HTMLReport.render(run).contains("without the refinement: <code>keypath</code>"))
  }

  @Test func headline_whenTheCheapestIsPlain_addsNothingBesideIt() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100),
      HeadlineCases.result("lock-thread-whole", 300),
      HeadlineCases.result("apple", 400),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    #expect(lead.unrefined.isEmpty)
    #expect(!HTMLReport.render(run).contains("without the refinement"))
  }
}

extension HeadlineTests {
  @Test func headline_countsTheStrategiesFasterAndSlowerThanApple() throws {
    let run = HeadlineCases.run([
      HeadlineCases.result("lock-thread-keypath", 100),
      HeadlineCases.result("lock-thread-whole", 800),
      HeadlineCases.result("lock-task-whole", 900),
      HeadlineCases.result("apple", 400),
      HeadlineCases.result("none", 20),
    ])
    let lead = try #require(Headline.headlines(of: run).first).lead
    #expect(lead.versusApple == .init(faster: 1, slower: 2, same: 0, unresolved: 0))
    #expect(HeadlineText.versusApple(lead) == "1 faster, 2 slower of 3")
    #expect(MarkdownSummary.render(run).contains("| 1 faster, 2 slower of 3 |"))
    // Most of the strategies lose: the HTML marks it, whatever the cheapest did.
    #expect(HTMLReport.render(run).contains("<td class=\"loss\">1 faster, 2 slower of 3</td>"))
  }
}
