import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

/// The footprint suite, through the executable that preloads jemalloc: every
/// fixture's things hold memory while held and leave nothing once freed.
@Suite("Footprint")
struct FootprintTests {
  @Test(.disabled(if: JemallocPreload.isSanitized, "a sanitizer's allocator replaces jemalloc"))
  func footprint_holdsBytesPerThing_andEveryFixtureLeavesNothingBehind() throws {
    let directory = try ObsbenchProcess.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try ObsbenchProcess.run([
      "run", "--suite", "footprint", "--sizes", "10000", "--strategy",
      "lock-thread-keypath,actor-task-whole,apple,none",
      "--quick", "--samples", "3", "--passes", "1", "--out", directory, "--format", "json,csv",
    ])
    #expect(outcome.status != 64, "\(outcome.err)")
    let run = try ResultsJSON.read(path: directory + "/results.json")
    // models and rows for all four, scopes for the three that observe.
    #expect(run.cases.count == 11)
    for result in run.cases {
      #expect(result.failure == nil, "\(result.key): \(result.failure ?? "")")
      let held = try #require(result.heldMemory, "\(result.key)")
      #expect(held.items == 10_000)
      // Ten thousand things whose fixture died: a leak of even 8 bytes each
      // would break the allowance (32 KiB, or a hundredth of what was held).
      #expect(held.leftBytes <= held.allowedLeftBytes, "\(result.key) left \(held.leftBytes)")
      #expect(held.bytesPerItem > 16, "\(result.key) held \(held.bytesPerItem)")
    }
    // An observed model holds more than a plain one: its registrar and observer.
    let perModel = { (strategy: String) in
      run.cases.first { $0.scenario == "models" && $0.strategy == strategy }?.heldMemory?.bytesPerItem ?? 0
    }
    #expect(perModel("lock-thread-keypath") > perModel("none") + 100)
    #expect(perModel("apple") > perModel("none") + 100)
    let csv = try String(contentsOfFile: directory + "/results.csv", encoding: .utf8)
    #expect(csv.split(separator: "\n").first?.hasSuffix("held_items,held_bytes_per_item,held_bytes_left") == true)
  }
}
