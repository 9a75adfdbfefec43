import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

@Suite("Export: github-action-benchmark")
struct GitHubActionBenchmarkExportTests {
  private func entries(_ run: BenchmarkRun = ExportFixtures.run()) throws -> [[String: Any]] {
    let data = try GitHubActionBenchmarkExport.render(run)
    let array = try #require(try ExportFixtures.json(data) as? [[String: Any]])
    return array
  }

  @Test func render_isTheCustomSmallerIsBetterArray() throws {
    let entries = try entries()
    #expect(!entries.isEmpty)
    for entry in entries {
      #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry.keys)")
      #expect(entry["name"] is String)
      #expect(entry["unit"] is String)
      #expect(ExportFixtures.isNumber(entry["value"]), "\(entry)")
      if let range = entry["range"] { #expect(range is String) }
      if let extra = entry["extra"] { #expect(extra is String) }
    }
    // The action draws one chart per name: no two entries may share one.
    let names = entries.compactMap { $0["name"] as? String }
    #expect(Set(names).count == names.count)
  }

  @Test func render_whenTheScenarioDeclaresItsForm_theTimesExtraNamesIt() throws {
    var run = ExportFixtures.run()
    run.scenarioForms = [
      "reads/untracked": ScenarioForm(kind: .idiomatic, forms: "persistent observe vs apple re-armed")
    ]
    let time = try #require(
      try entries(run).first { $0["name"] as? String == "reads/untracked[1] lock-thread-keypath" })
    #expect((time["extra"] as? String)?.contains("idiomatic: persistent observe vs apple re-armed") == true)
    let plain = try #require(try entries().first { $0["name"] as? String == "reads/untracked[1] lock-thread-keypath" })
    #expect((plain["extra"] as? String)?.contains("idiomatic") == false)
  }

  @Test func render_namesEachCaseAndMetric_stableAcrossRuns() throws {
    let entries = try entries()
    let byName = Dictionary(entries.map { ($0["name"] as! String, $0) }, uniquingKeysWith: { first, _ in first })
    let time = try #require(byName["reads/untracked[1] lock-thread-keypath"])
    #expect(time["unit"] as? String == "ns/op")
    #expect(time["value"] as? Double == 3.1)
    #expect((time["range"] as? String)?.hasPrefix("± ") == true)
    #expect((time["extra"] as? String)?.contains("ratio to apple") == true)
    #expect((time["extra"] as? String)?.contains("commit def456") == true)
    #expect(byName["reads/untracked[1] lock-thread-keypath allocs"]?["unit"] as? String == "allocs/op")
    #expect(byName["reads/untracked[1] lock-thread-keypath allocs"]?["value"] as? Double == 1)
    #expect(byName["reads/untracked[1] lock-thread-keypath instructions"]?["value"] as? Double == 41)
    #expect(byName["reads/tracked, \"odd\"=name[10] apple"]?["value"] as? Double == 91)
    // Instructions appear only where counted.
    #expect(byName["reads/untracked[1] apple instructions"] == nil)
    // A later run of the same cases has the same names.
    let later =
      try ExportFixtures.json(
        GitHubActionBenchmarkExport.render(ExportFixtures.run(date: "2026-02-01T00:00:00Z"))) as? [[String: Any]]
    #expect(Set(later?.compactMap { $0["name"] as? String } ?? []) == Set(byName.keys))
  }

  @Test func render_leavesOutBoundsAndFailedCases() throws {
    let names = Set(try entries().compactMap { $0["name"] as? String })
    // none's median is "< 0.8 ns": no time entry, never 0.3 or 0.8 as a value.
    #expect(!names.contains("reads/untracked[1] none"))
    #expect(names.contains("reads/untracked[1] none allocs"))
    #expect(!names.contains { $0.contains("actor-task-whole") })
  }

  @Test func render_ofACountedOnlyRun_exportsEachCountAsInstructionsPerOp() throws {
    let entries = GitHubActionBenchmarkExport.entries(of: ExportFixtures.countedRun())
    #expect(
      entries.map(\.name) == [
        "reads/untracked[1] lock-thread-keypath instructions", "reads/untracked[1] apple instructions",
      ])
    #expect(entries.map(\.unit) == ["instructions/op", "instructions/op"])
    #expect(entries.map(\.value) == [41, 180.5])
    #expect(entries[1].extra?.hasPrefix("varies:") == true)
  }
}
