import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

@Suite("Export: Bencher Metric Format")
struct BencherExportTests {
  private func report() throws -> [String: [String: [String: Any]]] {
    let data = try BencherExport.render(ExportFixtures.run())
    return try #require(try ExportFixtures.json(data) as? [String: [String: [String: Any]]])
  }

  @Test func render_isBenchmarkToMeasureToMetric() throws {
    let report = try report()
    #expect(!report.isEmpty)
    for (name, measures) in report {
      #expect(!measures.isEmpty, "\(name)")
      for (slug, metric) in measures {
        #expect(["latency", "allocations", "instructions"].contains(slug))
        #expect(Set(metric.keys).isSubset(of: ["value", "lower_value", "upper_value"]), "\(metric.keys)")
        #expect(ExportFixtures.isNumber(metric["value"]))
        let value = try #require(metric["value"] as? Double)
        if let lower = metric["lower_value"] {
          #expect(ExportFixtures.isNumber(lower))
          #expect((lower as? Double ?? .infinity) <= value)
        }
        if let upper = metric["upper_value"] {
          #expect(ExportFixtures.isNumber(upper))
          #expect((upper as? Double ?? -.infinity) >= value)
        }
      }
    }
  }

  @Test func render_latencyCarriesTheInterval() throws {
    let latency = try #require(try report()["reads/untracked[1] lock-thread-keypath"]?["latency"])
    #expect(latency["value"] as? Double == 3.1)
    #expect(latency["lower_value"] != nil)
    #expect(latency["upper_value"] != nil)
    #expect(try report()["reads/untracked[1] lock-thread-keypath"]?["instructions"]?["value"] as? Double == 41)
  }

  @Test func render_leavesOutBoundsAndFailedCases() throws {
    let report = try report()
    let none = try #require(report["reads/untracked[1] none"])
    #expect(none["latency"] == nil)
    #expect(none["allocations"]?["value"] as? Double == 1)
    #expect(!report.keys.contains { $0.contains("actor-task-whole") })
  }

  @Test func render_ofACountedOnlyRun_exportsEachCountAsInstructions() throws {
    let data = try BencherExport.render(ExportFixtures.countedRun())
    let report = try #require(try ExportFixtures.json(data) as? [String: [String: [String: Double]]])
    #expect(
      report == [
        "reads/untracked[1] lock-thread-keypath": ["instructions": ["value": 41]],
        "reads/untracked[1] apple": ["instructions": ["value": 180.5]],
      ])
  }
}
