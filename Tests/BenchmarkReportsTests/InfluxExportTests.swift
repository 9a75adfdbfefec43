import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

@Suite("Export: InfluxDB line protocol")
struct InfluxExportTests {
  /// A point read back the way InfluxDB reads a line: split at unescaped commas,
  /// equals signs and spaces, backslashes removed.
  struct Point {
    var measurement: String
    var tags: [String: String]
    var fields: [String: String]
    var timestamp: String?

    init(_ line: String) throws {
      let sections = Self.split(line, at: " ")
      try #require(sections.count == 2 || sections.count == 3, "\(line)")
      let head = Self.split(sections[0], at: ",")
      measurement = Self.unescape(head[0])
      tags = [:]
      for tag in head.dropFirst() {
        let parts = Self.split(tag, at: "=")
        try #require(parts.count == 2, "tag \(tag)")
        tags[Self.unescape(parts[0])] = Self.unescape(parts[1])
      }
      fields = [:]
      for field in Self.split(sections[1], at: ",") {
        let parts = Self.split(field, at: "=")
        try #require(parts.count == 2, "field \(field)")
        fields[Self.unescape(parts[0])] = parts[1]
      }
      timestamp = sections.count == 3 ? sections[2] : nil
    }

    private static func split(_ text: String, at separator: Character) -> [String] {
      var parts = [""]
      var escaped = false
      var quoted = false
      for character in text {
        if escaped {
          parts[parts.count - 1].append(character)
          escaped = false
        } else if character == "\\" {
          parts[parts.count - 1].append(character)
          escaped = true
        } else if character == "\"" {
          quoted.toggle()
          parts[parts.count - 1].append(character)
        } else if character == separator && !quoted {
          parts.append("")
        } else {
          parts[parts.count - 1].append(character)
        }
      }
      return parts
    }

    private static func unescape(_ text: String) -> String {
      var result = ""
      var escaped = false
      for character in text {
        if !escaped && character == "\\" {
          escaped = true
          continue
        }
        result.append(character)
        escaped = false
      }
      return result
    }
  }

  private func points(_ run: BenchmarkRun = ExportFixtures.run()) throws -> [Point] {
    try InfluxExport.lines(of: run).map { try Point($0) }
  }

  @Test func lines_whenTheScenarioDeclaresItsForm_tagEveryPointWithIt() throws {
    var run = ExportFixtures.run()
    run.scenarioForms = ["reads/untracked": ScenarioForm(kind: .likeForLike, forms: "both re-arm one-shot scopes")]
    let points = try points(run)
    let declared = points.filter { $0.tags["scenario"] == "untracked" }
    #expect(!declared.isEmpty)
    #expect(declared.allSatisfy { $0.tags["form"] == "like-for-like" })
    #expect(points.filter { $0.tags["scenario"] != "untracked" }.allSatisfy { $0.tags["form"] == nil })
    // Undeclared: no tag at all (InfluxDB refuses an empty one).
    #expect(try self.points().allSatisfy { $0.tags["form"] == nil })
  }

  @Test func lines_onePointPerMeasuredCase_withTheRunsTagsAndTime() throws {
    let points = try points()
    // Five cases, one failed: four points.
    #expect(points.count == 4)
    #expect(points.allSatisfy { $0.measurement == "obsbench" })
    let lock = try #require(points.first { $0.tags["strategy"] == "lock-thread-keypath" })
    #expect(
      lock.tags == [
        "suite": "reads", "scenario": "untracked", "strategy": "lock-thread-keypath", "size": "1",
        "commit": "def456", "host": "ci runner=1, west", "cpu": "Test CPU, \"quoted\" second line",
      ])
    #expect(lock.timestamp == "1767225600000000000")
    #expect(lock.fields["median_ns"] == "3.1")
    #expect(lock.fields["samples"] == "5i")
    #expect(lock.fields["allocs_per_op"] == "1")
    #expect(lock.fields["bytes_per_op"] == "32")
    #expect(lock.fields["notifications_per_op"] == "0")
    #expect(lock.fields["instructions_per_op"] == "41")
    for key in ["p90_ns", "ci_low_ns", "ci_high_ns", "ratio_to_apple", "ratio_ci_low", "ratio_ci_high"] {
      #expect(lock.fields[key].flatMap(Double.init) != nil, "\(key)")
    }
    let odd = try #require(points.first { $0.tags["size"] == "10" })
    #expect(odd.tags["scenario"] == "tracked, \"odd\"=name")
    #expect(odd.fields["median_ns"] == "91")
  }

  @Test func lines_ofACountedOnlyRun_carryTheCountAlone() throws {
    let points = try points(ExportFixtures.countedRun())
    #expect(points.map { $0.tags["strategy"] } == ["lock-thread-keypath", "apple"])
    #expect(points.map(\.fields) == [["instructions_per_op": "41"], ["instructions_per_op": "180.5"]])
    #expect(points.allSatisfy { $0.timestamp == "1767225600000000000" })
  }

  @Test func lines_escapeSpacesCommasAndEqualsSigns() throws {
    let line = try #require(InfluxExport.lines(of: ExportFixtures.run()).first { $0.contains("size=10") })
    #expect(line.contains(#"scenario=tracked\,\ "odd"\=name"#))
    #expect(line.contains(#"host=ci\ runner\=1\,\ west"#))
    #expect(line.contains(#"cpu=Test\ CPU\,\ "quoted"\ second\ line"#))
    // One line per point: the newline in the CPU name is gone.
    #expect(!line.contains("\n"))
  }

  @Test func lines_exportBoundsAsBounds_neverAsValues() throws {
    let none = try #require(try points().first { $0.tags["strategy"] == "none" })
    #expect(none.fields["median_ns"] == nil)
    #expect(none.fields["median_ns_below"] == "0.8")
    #expect(none.fields["ratio_to_apple"] == nil)
    #expect(none.fields["ratio_to_apple_below"].flatMap(Double.init) != nil)
    #expect(none.fields.keys.allSatisfy { !$0.hasSuffix("_ns") || $0 == "resolution_ns" })
  }

  @Test func lines_writeNumbersWithoutExponents() throws {
    #expect(InfluxLineProtocol.float(0.000031) == "0.000031")
    #expect(InfluxLineProtocol.float(1_234_567) == "1234567")
    #expect(InfluxLineProtocol.float(-0.0000001) == "0")
    #expect(InfluxLineProtocol.float(.nan) == nil)
    #expect(InfluxLineProtocol.string("say \"hi\" \\") == #""say \"hi\" \\""#)
  }

  @Test func lines_leaveOutEmptyTagsAndTheTimestampOfAnUnreadableDate() throws {
    let points = try points(ExportFixtures.run(host: "", date: "yesterday"))
    #expect(points.allSatisfy { $0.tags["host"] == nil && $0.timestamp == nil })
  }

  @Test func render_ofSeveralRuns_writesEachAtItsOwnTime() throws {
    var later = ExportFixtures.run(date: "2026-01-02T00:00:00Z")
    later.environment.buildCommit = "fed987"
    let text = InfluxExport.render(
      ReportRuns([.init(label: "a", run: ExportFixtures.run()), .init(label: "b", run: later)]))
    let points = try text.split(separator: "\n").map { try Point(String($0)) }
    #expect(points.count == 8)
    #expect(Set(points.compactMap(\.timestamp)) == ["1767225600000000000", "1767312000000000000"])
    #expect(Set(points.compactMap { $0.tags["commit"] }) == ["def456", "fed987"])
    #expect(text.hasSuffix("\n"))
  }

  @Test func outputFormat_parsesTheExportNames() throws {
    let formats = try OutputFormat.parseList("github-action-benchmark,bencher,influx")
    #expect(formats == [.githubActionBenchmark, .bencher, .influx])
    #expect(formats.map(\.fileName) == ["github-action-benchmark.json", "bencher.json", "influx.lp"])
    #expect(OutputFormat.defaults == [.csv, .json, .md, .html])
  }
}
