/// Everything one `obsbench run` measured: the results file's model.
///
/// Encoded as `results.json`, it is the baseline format that `compare`, `report`
/// and `check` read back. ``version`` changes when the format changes in a way an
/// older reader cannot follow.
public struct BenchmarkRun: Codable, Hashable, Sendable {
  /// The format version this build writes and the newest it reads.
  public static let currentVersion = 1

  /// The format version of this run.
  public var version: Int
  /// Where and with what the run was made.
  public var environment: RunEnvironment
  /// How the run was configured and what it measured as overhead.
  public var settings: RunSettings
  /// Every case, in the order they ran.
  public var cases: [CaseResult]
  /// The growth exponent per suite, scenario and strategy with a size sweep.
  public var fits: [GrowthFit]
  /// The suites' checks and their outcomes.
  public var checks: [CheckResult]
  /// What one operation of each scenario is, by `suite/scenario`; `nil` in runs
  /// written before it was recorded.
  public var scenarioSummaries: [String: String]?
  /// The scenario each suite leads its summary with (``BenchmarkSuite/headline``),
  /// by suite; `nil` in runs written before it was recorded.
  public var suiteHeadlines: [String: String]?
  /// Where each strategy of the run sits, by id: `matrix` (the eight combinations of
  /// the mission's axes), `variant` (added beside them), `refinement` (`+identity`),
  /// `checked` (`+checked`), `reference` (`apple`), `floor` (`none`); `nil` in
  /// runs written before it was recorded. Reports list the matrix apart from the rest.
  public var strategyRoles: [String: String]?
  /// The API forms of the scenarios whose rows differ in them (``ScenarioForm``),
  /// by `suite/scenario`; `nil` in runs written before they were recorded.
  /// Reports lead a headline with its like-for-like form and label idiomatic ones.
  public var scenarioForms: [String: ScenarioForm]?
  /// What each strategy gives up, by id, derived from its capabilities (no
  /// tracking across `await`, a hop for callers off the actor, no per-field
  /// invalidation); an empty list gives up none of these. `nil` in runs written
  /// before it was recorded. Reports say it beside each strategy worth choosing.
  public var strategyTradeOffs: [String: [String]]?
  /// What each strategy choice costs: the effect of every axis and refinement
  /// over matched pairs of strategies, per case and per suite, derived once when
  /// the run is published; `nil` in runs written before they were stored.
  public var effects: RunEffects?

  /// Creates a run.
  public init(
    version: Int = BenchmarkRun.currentVersion,
    environment: RunEnvironment,
    settings: RunSettings,
    cases: [CaseResult],
    fits: [GrowthFit] = [],
    checks: [CheckResult] = [],
    scenarioSummaries: [String: String]? = nil,
    suiteHeadlines: [String: String]? = nil
  ) {
    self.version = version
    self.environment = environment
    self.settings = settings
    self.cases = cases
    self.fits = fits
    self.checks = checks
    self.scenarioSummaries = scenarioSummaries
    self.suiteHeadlines = suiteHeadlines
  }

  /// The cases that have no valid measurement.
  public var failures: [CaseResult] {
    cases.filter { $0.failure != nil }
  }

  /// The growth exponent of `key`'s suite, scenario and strategy, if fitted.
  public func exponent(for key: CaseKey) -> Double? {
    fits.first { $0.suite == key.suite && $0.scenario == key.scenario && $0.strategy == key.strategy }?
      .exponent
  }
}

/// How a run was configured, and the loop overhead it measured.
public struct RunSettings: Codable, Hashable, Sendable {
  /// Whether it was a `--quick` run.
  public var quick: Bool
  /// Samples asked for per case.
  public var samples: Int
  /// The fewest samples a case keeps when its time share runs out.
  public var minimumSamples: Int
  /// How long one sample aims to last, in ns.
  public var targetSampleNs: UInt64
  /// The run's time budget in seconds, if any.
  public var timeBudgetSeconds: Double?
  /// The per-iteration cost of ``referenceLoop(_:)`` subtracted from every sample, in ns.
  public var loopOverheadNs: Double
  /// How long the run took, in seconds.
  public var durationSeconds: Double
  /// The seed the run's orders (preparation and sampling shuffles) and
  /// bootstraps were drawn from: new for every run unless `--seed` repeats one;
  /// `nil` in results written before it was recorded.
  public var seed: UInt64?
  /// How many passes over the plan took the samples (``RunConfiguration/passes``);
  /// `nil` in results written before passes existed (one pass).
  public var passes: Int?
  /// How many stack placements the samples were spread over
  /// (``RunConfiguration/stackPlacements``); `nil` where the run kept the
  /// stack in place.
  public var stackPlacements: Int?
  /// How many samples a case took back to back in each turn, after an untimed
  /// warm-up (``RunConfiguration/samplesPerTurn``); `nil` in results written
  /// before turns existed (one sample a turn, no warm-up).
  public var samplesPerTurn: Int?
  /// How many cores other processes kept busy during the run, on average; `nil`
  /// where it cannot be measured. Above ~0.25 on these machines, absolute
  /// timings of the run are inflated; ratios within it stay valid.
  public var backgroundLoadCores: Double?
  /// How many cores, on average, the hypervisor took away during the run
  /// (`/proc/stat`'s steal); `nil` where it cannot be read, and in results
  /// written before it.
  public var stealCores: Double?
  /// How noisy the machine was across the run: the spread of the harness's
  /// fixed reference loop, measured beside every group of cases, as its 10th
  /// to 90th percentile over its median (``noiseScore(of:)``; 0.1 is ±5%).
  /// `nil` with fewer than 10 groups, and in results written before it.
  public var noiseScore: Double?
  /// The reference loop's instructions per operation subtracted from every
  /// instruction count, by loop shape (operations per iteration, as text);
  /// `nil` when the run counted no instructions.
  public var instructionsLoopPerOperation: [String: Double]?

  /// Above this ``noiseScore`` the reports warn: the reference loop moved by
  /// more than ±25% from group to group.
  public static let noisyScore = 0.5
  /// Above this many ``stealCores`` the reports warn.
  public static let noisySteal = 0.05

  /// The noise score of a run's cases: the reference loop's per-operation cost
  /// beside each case of one operation per iteration (the loop of the same
  /// shape everywhere), its 10th to 90th percentile over its median.
  public static func noiseScore(of cases: [CaseResult]) -> Double? {
    let loops = cases.filter { $0.failure == nil && ($0.operationsPerIteration ?? 1) == 1 }
      .compactMap(\.loopOverheadNs).filter { $0 > 0 }.sorted()
    guard loops.count >= 10 else { return nil }
    let at = { (share: Double) in loops[Int((Double(loops.count - 1) * share).rounded())] }
    return (at(0.9) - at(0.1)) / at(0.5)
  }

  /// The warnings the run's environment calls for: a high noise score, steal.
  public var noiseWarnings: [String] {
    var warnings = [String]()
    if let score = noiseScore, score > Self.noisyScore {
      warnings.append(
        "noisy machine: the reference loop spread \(Int((score * 100).rounded()))% (10th to 90th percentile over its "
          + "median) across the run; absolute times and bounds are less reliable, ratios within the run less so")
    }
    if let steal = stealCores, steal > Self.noisySteal {
      warnings.append(
        "the hypervisor took \(String(format: "%.2f", steal)) cores on average during the run (steal); absolute "
          + "times are inflated")
    }
    return warnings
  }

  /// What a comparison of two runs must say when they sampled differently
  /// (``samplesPerTurn``): one cold sample a turn against a warm-up and two,
  /// say, for a baseline build from before turns. Cases whose working set
  /// outgrows the caches then differ by that alone. `nil` when they sampled alike.
  public static func samplingDifference(baseline: RunSettings, current: RunSettings) -> String? {
    guard baseline.samplesPerTurn != current.samplesPerTurn else { return nil }
    func turn(_ samples: Int?) -> String {
      samples.map { "a warm-up, then up to \($0) sample\($0 == 1 ? "" : "s")" } ?? "one cold sample"
    }
    return "the builds sampled differently: the baseline took \(turn(baseline.samplesPerTurn)) a turn, this build "
      + "\(turn(current.samplesPerTurn)); cases whose working set outgrows the caches (the largest sizes) can "
      + "differ by that alone"
  }

  /// The most samples a case can take: every pass's share of ``samples``,
  /// rounded up, and at least ``minimumSamples`` in each pass
  /// (``RunConfiguration/maximumSamplesPerPass``): 44 for 41 in 4 passes.
  public var maximumSamplesPerCase: Int {
    let passes = Swift.max(1, self.passes ?? 1)
    return passes * Swift.max(minimumSamples, (samples + passes - 1) / passes)
  }

  /// Creates settings.
  public init(
    quick: Bool, samples: Int, minimumSamples: Int, targetSampleNs: UInt64,
    timeBudgetSeconds: Double?, loopOverheadNs: Double, durationSeconds: Double
  ) {
    self.quick = quick
    self.samples = samples
    self.minimumSamples = minimumSamples
    self.targetSampleNs = targetSampleNs
    self.timeBudgetSeconds = timeBudgetSeconds
    self.loopOverheadNs = loopOverheadNs
    self.durationSeconds = durationSeconds
  }
}

/// A suite check and what it found.
public struct CheckResult: Codable, Hashable, Sendable {
  /// The suite that owns the check.
  public var suite: String
  /// The check's name.
  public var name: String
  /// What the check asserts.
  public var summary: String
  /// The outcome; `nil` when the check was skipped or could not run.
  public var outcome: CheckOutcome?
  /// Why the check was skipped or could not run.
  public var note: String?

  /// Creates a check result.
  public init(suite: String, name: String, summary: String, outcome: CheckOutcome?, note: String? = nil) {
    self.suite = suite
    self.name = name
    self.summary = summary
    self.outcome = outcome
    self.note = note
  }

  /// Whether the check failed; a skipped one did not, one that could not run did.
  public var failed: Bool {
    outcome.map { !$0.passed } ?? !isSkipped
  }

  /// Whether the check was skipped (its cases did not run, or it cannot judge the run).
  public var isSkipped: Bool {
    outcome == nil && (note?.hasPrefix("skipped") ?? false)
  }

  /// The note of a check whose cases were not selected.
  public static let skippedNote = "skipped: its cases were not selected"
}
