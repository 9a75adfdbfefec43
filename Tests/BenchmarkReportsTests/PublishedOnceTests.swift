import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// Every writer prints the figures the run published (``CaseResult/published``)
/// and never its own: the cases here carry sentinel figures no statistic of
/// their samples gives, so a writer that recomputed anything would print other
/// numbers.
@Suite("Figures are published once")
struct PublishedOnceTests {
  /// `lock-thread-keypath` measured about 3.1 ns and `apple` about 17.5 ns
  /// (a ratio near 0.18); the published figures say otherwise.
  static let sentinel = {
    var figures = PublishedFigures(
      resolutionNs: 0.123, medianNs: .value(12345.678), p90Ns: .value(23456.789), minNs: .value(11111.111),
      ciLowNs: .value(12000.5), ciHighNs: .value(12600.25), ratioToApple: .value(0.4242), ratioInterval: 0.4...0.45)
    figures.overheadNs = .value(54321.25)
    figures.overheadInterval = 54000.25...54600.75
    figures.overheadShareOfApple = .value(0.777)
    figures.overheadShareInterval = 0.7...0.8
    figures.versusCheapest = CheapestComparison(
      cheapest: "lock-thread-keypath", ratio: .value(1), interval: 1...1, isTied: true)
    return figures
  }()
  static let appleSentinel = PublishedFigures(
    resolutionNs: 0.123, medianNs: .value(29102.5), p90Ns: .value(31000.5), minNs: .value(28000.5),
    ciLowNs: .value(29000.5), ciHighNs: .value(29200.5))

  static func run() -> BenchmarkRun {
    var lock = Fixtures.result("untracked", "lock-thread-keypath", samples: [3, 3.2, 3.1, 3.0, 3.3])
    lock.published = sentinel
    var apple = Fixtures.result("untracked", "apple", samples: [17, 17.5, 18, 17.2, 17.8])
    apple.published = appleSentinel
    let failed = Fixtures.result("untracked", "actor-task-whole", samples: [], failure: "set-up threw")
    var run = BenchmarkRun(
      environment: Fixtures.environment, settings: Fixtures.settings, cases: [lock, apple, failed],
      fits: GrowthFit.fits(of: [lock, apple]))
    // As a run writes it: with the effects it derived (none here: no two of its
    // strategies differ in one choice only).
    run.effects = RunEffects(cases: [], suites: [])
    return run
  }

  /// Every format's text, written as `run` and `report` write them.
  static func written() throws -> [OutputFormat: String] {
    let directory = NSTemporaryDirectory() + "obsbench-published-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try ReportWriter.write(run(), formats: OutputFormat.allCases, to: directory)
    var texts = [OutputFormat: String]()
    for format in OutputFormat.allCases {
      texts[format] = try String(contentsOfFile: directory + "/" + format.fileName, encoding: .utf8)
    }
    return texts
  }

  @Test func csv_whenCasesCarryPublishedFigures_printsThem() throws {
    let rows = try CSVTable.parse(try #require(Self.written()[.csv]))
    let header = rows[0]
    let lock = try #require(rows.first { $0.count > 2 && $0[2] == "lock-thread-keypath" })
    let field = { (name: String) in header.firstIndex(of: name).map { lock[$0] } }
    #expect(field("median_ns") == "12345.678")
    #expect(field("p90_ns") == "23456.789")
    #expect(field("min_ns") == "11111.111")
    #expect(field("ci_low_ns") == "12000.500")
    #expect(field("ci_high_ns") == "12600.250")
    #expect(field("ratio_to_apple") == "0.4242")
    #expect(field("ratio_ci_low") == "0.4")
    #expect(field("ratio_ci_high") == "0.45")
    #expect(field("overhead_ns") == "54321.250")
    #expect(field("overhead_ci_low") == "54000.250")
    #expect(field("overhead_share_of_apple") == "0.777")
    #expect(field("cheapest") == "lock-thread-keypath")
    #expect(field("tied_with_cheapest") == "true")
    let failed = try #require(rows.first { $0.count > 2 && $0[2] == "actor-task-whole" })
    #expect(header.firstIndex(of: "median_ns").map { failed[$0] } == "")
    #expect(header.firstIndex(of: "failure").map { failed[$0] } == "set-up threw")
  }

  @Test func json_whenCasesCarryPublishedFigures_writesTheRunAsItIs() throws {
    let text = try #require(Self.written()[.json])
    let run = try ResultsJSON.decode(Data(text.utf8), source: "test")
    #expect(run == Self.run())
    #expect(run.cases.first { $0.strategy == "lock-thread-keypath" }?.published == Self.sentinel)
    #expect(run.cases.first { $0.strategy == "actor-task-whole" }?.published == nil)
  }

  @Test func markdown_whenCasesCarryPublishedFigures_printsThem() throws {
    let text = try #require(Self.written()[.md])
    // The summary cell and the headline: median, ratio, the interval's larger side and ends.
    #expect(text.contains("12346"))
    #expect(text.contains("0.42× ±6%"))
    #expect(text.contains("0.42× (0.40×–0.45×)"))
    #expect(text.contains("| +54.3 µs (54.0–54.6) | 78% (70–80%) | `lock-thread-keypath`; none tied (1 of 1) |"))
    #expect(text.contains("29102"))
    #expect(text.contains("**failed**"))
    #expect(!text.contains("3.10"))
    #expect(!text.contains("0.18×"))
  }

  @Test func html_whenCasesCarryPublishedFigures_printsThem() throws {
    let text = try #require(Self.written()[.html])
    #expect(text.contains("12.3 µs"))
    #expect(text.contains("0.42×"))
    #expect(text.contains("95% interval 0.40× – 0.45×"))
    #expect(text.contains("12.3 µs · 0.42× ±6%"))
    #expect(text.contains("<td>+54.3 µs (54.0–54.6)</td><td>78% (70–80%)</td>"))
    #expect(!text.contains("0.18×"))
    #expect(!text.contains("3.1 ns"))
  }

  @Test func githubActionBenchmark_whenCasesCarryPublishedFigures_exportsThem() throws {
    let data = Data(try #require(Self.written()[.githubActionBenchmark]).utf8)
    let entries = try #require(try ExportFixtures.json(data) as? [[String: Any]])
    let lock = try #require(entries.first { $0["name"] as? String == "reads/untracked[1] lock-thread-keypath" })
    #expect(lock["value"] as? Double == 12345.678)
    #expect(lock["range"] as? String == "± 345.178")
    #expect((lock["extra"] as? String)?.contains("ratio to apple 0.42× ±6%") == true)
  }

  @Test func bencher_whenCasesCarryPublishedFigures_exportsThem() throws {
    let data = Data(try #require(Self.written()[.bencher]).utf8)
    let report = try #require(try ExportFixtures.json(data) as? [String: [String: [String: Double]]])
    let latency = try #require(report["reads/untracked[1] lock-thread-keypath"]?["latency"])
    #expect(latency["value"] == 12345.678)
    #expect(latency["lower_value"] == 12000.5)
    #expect(latency["upper_value"] == 12600.25)
  }

  @Test func influx_whenCasesCarryPublishedFigures_exportsThem() throws {
    let text = try #require(Self.written()[.influx])
    let lock = try #require(text.split(separator: "\n").first { $0.contains("strategy=lock-thread-keypath") })
    for field in [
      "median_ns=12345.678", "p90_ns=23456.789", "ci_low_ns=12000.5", "ci_high_ns=12600.25",
      "ratio_to_apple=0.4242", "ratio_ci_low=0.4", "ratio_ci_high=0.45", "resolution_ns=0.123",
    ] {
      #expect(lock.contains(field))
    }
  }
}
