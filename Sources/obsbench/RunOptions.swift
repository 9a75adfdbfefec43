import BenchmarkKit
import BenchmarkReports
import Foundation

/// The options of `obsbench run`, parsed and validated before anything runs.
struct RunOptions {
  var selection = BenchmarkSelection()
  var configuration = RunConfiguration.standard
  var outputDirectory = "Reports/latest"
  var formats = OutputFormat.defaults
  /// What to measure: time (in process), instructions (under callgrind), or both.
  var metrics: Set<RunMetric> = [.time]
  /// An A/B run's other build: the obsbench whose passes alternate with this
  /// one's (``PassSchedule/paired(_:)``).
  var baselineBinary: String?
  /// The change an A/B run's verdict counts (`--threshold`, default 5%).
  var threshold = 0.05
  /// A rules file (`--rules`): only the selected cases its rules judge run.
  var rulesPath: String?

  static let valueOptions: Set<String> = [
    "--suite", "--scenario", "--strategy", "--sizes", "--samples", "--passes", "--time-budget", "--out", "--format",
    "--inject-fault", "--metric", "--seed", "--baseline-binary", "--threshold", "--rules",
  ]
  static let flags: Set<String> = ["--quick"]

  /// Parses `arguments`.
  ///
  /// - Throws: ``UsageError`` for anything malformed; unknown names are found
  ///   later, by planning against the registry.
  init(parsing arguments: [String]) throws(UsageError) {
    let parsed = try ArgumentScanner.parse(
      arguments, command: "run", valueOptions: Self.valueOptions, flags: Self.flags)
    if let extra = parsed.positionals.first {
      throw UsageError("run: unexpected argument '\(extra)'; see 'obsbench run --help'")
    }
    let quick = parsed.flags.contains("--quick")
    configuration = quick ? .quick : .standard
    // A new seed every run, so no two runs repeat one placement and order of the
    // cases; `--seed` repeats a run's (results.json records it).
    configuration.seed = UInt64.random(in: 0...UInt64.max)
    if let seed = parsed.value("--seed") {
      guard let value = UInt64(seed) else {
        throw UsageError("run: --seed needs a whole number from 0 to \(UInt64.max), got '\(seed)'")
      }
      configuration.seed = value
    }
    selection.quick = quick
    selection.suites = try parsed.list("--suite", command: "run")
    selection.scenarios = try parsed.list("--scenario", command: "run")?.map(GlobPattern.init)
    if let strategies = try parsed.list("--strategy", command: "run"), !strategies.contains("all") {
      selection.strategies = strategies
    }
    if let sizes = parsed.value("--sizes") {
      selection.sizes = try Self.parseSizes(sizes)
    }
    if let samples = parsed.value("--samples") {
      guard let count = Int(samples), count >= 1, count <= 100_000 else {
        throw UsageError("run: --samples needs a whole number from 1 to 100000, got '\(samples)'")
      }
      configuration.samples = count
    }
    if let passes = parsed.value("--passes") {
      guard let count = Int(passes), count >= 1, count <= 20 else {
        throw UsageError("run: --passes needs a whole number from 1 to 20, got '\(passes)'")
      }
      configuration.passes = count
    }
    // A pass takes at least its minimum of every case. Passes asked for by name
    // raise the default sample count to what they need; against an explicit
    // `--samples` too small for them it is an error, not a silent cut. Default
    // passes fit the samples asked for (`--samples 3`: one pass of 3).
    configuration.minimumSamples = min(RunConfiguration.standard.minimumSamples, configuration.samples)
    if let passes = parsed.value("--passes"), let count = Int(passes) {
      let needed = count * RunConfiguration.standard.minimumSamples
      if configuration.samples < needed {
        guard parsed.value("--samples") == nil else {
          throw UsageError(
            "run: --passes \(count) needs at least \(needed) samples (\(RunConfiguration.standard.minimumSamples) a "
              + "pass), got --samples \(configuration.samples)")
        }
        configuration.samples = needed
      }
    }
    configuration.passes = max(
      1, min(configuration.passes, configuration.samples / max(configuration.minimumSamples, 1)))
    if let budget = parsed.value("--time-budget") {
      guard let seconds = Double(budget), seconds.isFinite, seconds > 0 else {
        throw UsageError("run: --time-budget needs a positive number of seconds, got '\(budget)'")
      }
      configuration.timeBudgetSeconds = seconds
    }
    if let fault = parsed.value("--inject-fault") {
      guard let known = HarnessFault(rawValue: fault) else {
        throw UsageError(
          "run: unknown fault '\(fault)'; faults: \(HarnessFault.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      configuration.fault = known
    }
    rulesPath = parsed.value("--rules")
    if let out = parsed.value("--out") {
      guard !out.isEmpty else { throw UsageError("run: --out needs a folder") }
      outputDirectory = out
    }
    if let metrics = try parsed.list("--metric", command: "run") {
      self.metrics = []
      for name in metrics {
        guard let metric = RunMetric(rawValue: name) else {
          throw UsageError("run: unknown metric '\(name)'; metrics: time, instructions")
        }
        self.metrics.insert(metric)
      }
    }
    if let named = parsed.value("--baseline-binary") {
      let binary = try ExecutablePath.resolve(named, option: "--baseline-binary", command: "run")
      guard metrics == [.time] else {
        throw UsageError(
          "run: --baseline-binary measures time only; count two builds' instructions with 'obsbench explain "
            + "SUITE/SCENARIO STRATEGY --baseline-binary PATH'"
        )
      }
      guard configuration.passes >= 2 else {
        throw UsageError("run: --baseline-binary needs at least 2 passes to pair, got \(configuration.passes)")
      }
      baselineBinary = binary
    }
    if let threshold = parsed.value("--threshold") {
      guard baselineBinary != nil else { throw UsageError("run: --threshold is for A/B runs, with --baseline-binary") }
      do {
        self.threshold = try RunComparison.parseThreshold(threshold)
      } catch {
        throw UsageError("run: \(error.message)")
      }
    }
    if let formats = parsed.value("--format") {
      do {
        self.formats = try OutputFormat.parseList(formats)
      } catch {
        throw UsageError("run: \(error.message)")
      }
    }
  }

  /// The sizes of a list such as `1,10,100`: positive whole numbers.
  ///
  /// - Throws: ``UsageError`` quoting the first item that is not one.
  static func parseSizes(_ text: String) throws(UsageError) -> [Int] {
    let items = text.split(separator: ",", omittingEmptySubsequences: false)
    var sizes = [Int]()
    for item in items {
      let trimmed = item.trimmingCharacters(in: .whitespaces)
      guard let size = Int(trimmed), size > 0 else {
        throw UsageError("run: malformed size list '\(text)': '\(trimmed)' is not a positive whole number")
      }
      sizes.append(size)
    }
    return sizes
  }
}

/// A quantity `obsbench run` can measure.
enum RunMetric: String, Hashable {
  /// Nanoseconds per operation, sampled in process.
  case time
  /// Instructions per operation, counted under valgrind's callgrind.
  case instructions
}
