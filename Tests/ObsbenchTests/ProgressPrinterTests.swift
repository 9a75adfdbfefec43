import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@testable import obsbench

/// What the progress says of a finished case agrees with what the reports publish.
@Suite("Progress")
struct ProgressPrinterTests {
  /// A case of `samples` whose figures can be known to `uncertainty` ns only.
  private static func result(samples: [Double], uncertainty: Double) -> CaseResult {
    var result = CaseResult(suite: "reads", scenario: "untracked", strategy: "none", size: 1)
    result.iterations = 1000
    result.samples = samples
    result.statistics = Statistics(samples, resamples: 20)
    result.uncertaintyNs = uncertainty
    return result
  }

  /// The lines a printer writes for one finished case, where standard error is no terminal.
  private static func lines(for result: CaseResult) -> String {
    nonisolated(unsafe) var written = ""
    let console = Console(out: { _ in }, err: { written += $0 }, errorIsTerminal: false)
    ProgressPrinter(console: console).handle(.caseFinished(index: 1, total: 1, result: result, etaSeconds: nil))
    return written
  }

  @Test func caseFinished_whenTheMedianIsUnderItsResolution_printsThePublishedBound() throws {
    let result = Self.result(samples: [0.12, 0.12, 0.12, 0.13, 0.11], uncertainty: 0.09)
    let bound = try #require(result.medianFigure)
    #expect(bound.value == nil, "\(bound)")
    let line = Self.lines(for: result)
    #expect(line.contains(": \(NumberFormat.nanoseconds(bound)) ns/op, 5 samples"), "\(line)")
    #expect(line.contains(": < "), "\(line)")
    #expect(!line.contains("0.12 ns/op"), "\(line)")
  }

  @Test func caseFinished_whenTheMedianResolves_printsItsValue() {
    let line = Self.lines(for: Self.result(samples: [31, 32, 33, 32, 31], uncertainty: 0.1))
    #expect(line.contains(": 32.0 ns/op, 5 samples"), "\(line)")
  }
}
