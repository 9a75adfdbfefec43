import BenchmarkKit
import BenchmarkReports
import Foundation

/// The committed reference run (Reports/reference/results.json.gz), and runs
/// derived from it: what a second run of the same code, or of changed code, on
/// this kind of machine could have measured.
enum ReferenceRun {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The reference run, decompressed with `gzip -dc` once per test process.
  static let run: BenchmarkRun = load("Reports/reference/results.json.gz")

  /// The reference run of commit 6f652ad (1171 cases), kept as a fixture: the
  /// synthetic compare tests were tuned on its real noise, and must not change
  /// meaning each time the committed reference is regenerated.
  static let noiseSample: BenchmarkRun = load("Tests/BenchmarkReportsTests/Fixtures/reference-6f652ad.json.gz")

  private static func load(_ relativePath: String) -> BenchmarkRun {
    let source = repository.appendingPathComponent(relativePath).path
    let target = FileManager.default.temporaryDirectory
      .appendingPathComponent("reference-\(getpid())-\((relativePath as NSString).lastPathComponent).json").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "gzip -dc '\(source)' > '\(target)'"]
    try! process.run()
    process.waitUntilExit()
    precondition(process.terminationStatus == 0, "cannot decompress \(source)")
    defer { try? FileManager.default.removeItem(atPath: target) }
    return try! ResultsJSON.read(path: target)
  }

  /// A second run of unchanged code: every case's samples redrawn from its own
  /// (blocks of 4 consecutive samples, so slow stretches stay together), then the
  /// whole case moved by a normal draw whose spread is twice its median's
  /// block-bootstrap spread (``BlockBootstrap``; at least 1%, at most 100%): a
  /// noisy case moves more between runs than a steady one, and by more than its
  /// own samples show, as on the shared VMs. `factor` multiplies every case.
  static func rerun(
    _ run: BenchmarkRun = ReferenceRun.run, seed: UInt64, factor: Double = 1,
    slower: (CaseKey) -> Double = { _ in 1 }
  ) -> BenchmarkRun {
    var generator = SplitMix64(seed: seed)
    var copy = run
    copy.cases = run.cases.map { result in
      guard result.statistics != nil, !result.samples.isEmpty else { return result }
      var moved = result
      let sampling = BlockBootstrap.relativeSpreadOfMedian(result.samples) ?? 0
      let spread = min(max(0.01, 2 * sampling), 1)
      let shift = exp(spread * gaussian(&generator)) * factor * slower(result.key)
      var samples = [Double]()
      while samples.count < result.samples.count {
        let start = generator.nextIndex(below: result.samples.count)
        for offset in 0..<4 where samples.count < result.samples.count {
          samples.append(result.samples[(start + offset) % result.samples.count] * shift)
        }
      }
      moved.samples = samples
      moved.statistics = Statistics(samples, resamples: 100, seed: seed)
      return moved
    }
    return copy
  }

  static func gaussian(_ generator: inout SplitMix64) -> Double {
    let first = (Double(generator.next() >> 11) + 0.5) / Double(1 << 53)
    let second = Double(generator.next() >> 11) / Double(1 << 53)
    return (-2 * log(first)).squareRoot() * cos(2 * .pi * second)
  }
}
