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
    "--inject-fault", "--metric", "--seed", "--baseline-binary", "--threshold", "--rules", "--stack-placements",
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
    let seed = try Self.seed(parsed)
    selection = try Self.selection(parsed, quick: quick)
    configuration = try Self.configuration(parsed, quick: quick, seed: seed)
    rulesPath = parsed.value("--rules")
    if let out = parsed.value("--out") {
      guard !out.isEmpty else { throw UsageError("run: --out needs a folder") }
      outputDirectory = out
    }
    if let metrics = try Self.metrics(parsed) { self.metrics = metrics }
    try parseBaseline(parsed)
    if let formats = parsed.value("--format") {
      do {
        self.formats = try OutputFormat.parseList(formats)
      } catch {
        throw UsageError("run: \(error.message)")
      }
    }
  }

  /// The bootstrap seed: `--seed`'s, else a new one every run, so that no two
  /// runs repeat one placement and order of the cases (results.json records it,
  /// so `--seed` repeats a run's).
  private static func seed(_ parsed: ParsedArguments) throws(UsageError) -> UInt64 {
    let random = UInt64.random(in: 0...UInt64.max)
    guard let seed = parsed.value("--seed") else { return random }
    guard let value = UInt64(seed) else {
      throw UsageError("run: --seed needs a whole number from 0 to \(UInt64.max), got '\(seed)'")
    }
    return value
  }

  /// Which cases to run: `--suite`, `--scenario`, `--strategy` (`all` is every
  /// strategy, as is leaving it out) and `--sizes`.
  private static func selection(_ parsed: ParsedArguments, quick: Bool) throws(UsageError) -> BenchmarkSelection {
    var selection = BenchmarkSelection()
    selection.quick = quick
    selection.suites = try parsed.list("--suite", command: "run")
    selection.scenarios = try parsed.list("--scenario", command: "run")?.map(GlobPattern.init)
    if let strategies = try parsed.list("--strategy", command: "run"), !strategies.contains("all") {
      selection.strategies = strategies
    }
    if let sizes = parsed.value("--sizes") {
      selection.sizes = try parseSizes(sizes)
    }
    return selection
  }

  /// How to measure: `--quick`'s configuration or the standard one, with `seed`,
  /// the samples and passes asked for, the time budget and a fault to inject.
  private static func configuration(
    _ parsed: ParsedArguments, quick: Bool, seed: UInt64
  ) throws(UsageError) -> RunConfiguration {
    var configuration = quick ? RunConfiguration.quick : .standard
    configuration.seed = seed
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
    try fitPasses(&configuration, parsed)
    if let budget = parsed.value("--time-budget") {
      guard let seconds = Double(budget), seconds.isFinite, seconds > 0 else {
        throw UsageError("run: --time-budget needs a positive number of seconds, got '\(budget)'")
      }
      configuration.timeBudgetSeconds = seconds
    }
    if let placements = parsed.value("--stack-placements") {
      let most = StackPlacement.maximumPlacements
      guard let count = Int(placements), count >= 2, count <= most else {
        throw UsageError("run: --stack-placements needs a whole number from 2 to \(most), got '\(placements)'")
      }
      configuration.stackPlacements = count
    }
    if let fault = parsed.value("--inject-fault") {
      guard let known = HarnessFault(rawValue: fault) else {
        throw UsageError(
          "run: unknown fault '\(fault)'; faults: \(HarnessFault.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      configuration.fault = known
    }
    return configuration
  }

  /// Makes the samples and the passes of `configuration` fit each other.
  ///
  /// A pass takes at least its minimum of every case. Passes asked for by name
  /// raise the default sample count to what they need; against an explicit
  /// `--samples` too small for them it is an error, not a silent cut. Default
  /// passes fit the samples asked for (`--samples 3`: one pass of 3).
  private static func fitPasses(
    _ configuration: inout RunConfiguration, _ parsed: ParsedArguments
  ) throws(UsageError) {
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
  }

  /// The metrics of `--metric`, or `nil` when it is not given.
  private static func metrics(_ parsed: ParsedArguments) throws(UsageError) -> Set<RunMetric>? {
    guard let names = try parsed.list("--metric", command: "run") else { return nil }
    var metrics = Set<RunMetric>()
    for name in names {
      guard let metric = RunMetric(rawValue: name) else {
        throw UsageError("run: unknown metric '\(name)'; metrics: time, instructions")
      }
      metrics.insert(metric)
    }
    return metrics
  }

  /// An A/B run's other build (`--baseline-binary`) and the change its verdict
  /// counts (`--threshold`), checked against the metrics and passes already
  /// parsed: an A/B run times two builds pass by pass.
  private mutating func parseBaseline(_ parsed: ParsedArguments) throws(UsageError) {
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
