/// How hard the runner measures: samples, sample length, warm-up and time budget.
public struct RunConfiguration: Codable, Hashable, Sendable {
  /// Whether this is a `--quick` run (quick sizes, fewer and shorter samples).
  public var quick: Bool
  /// The most samples a case takes, over all passes; each pass takes at most
  /// its share (``maximumSamplesPerPass``).
  public var samples: Int
  /// The fewest samples a case takes in every pass, whatever its position in
  /// the run and whatever is left of the budget: a pass median of one or two
  /// samples says nothing about the pass, and the intervals are built on them.
  public var minimumSamples: Int
  /// How precisely a pass's median should be known before a case stops taking
  /// samples beyond ``minimumSamples``: the relative half-width of its 95%
  /// interval (0.01 = ±1%). Extra samples go to the cases still above it, while
  /// the group's share of the budget lasts.
  public var precision: Double
  /// How many times the plan is measured over, each pass on freshly prepared
  /// cases taking its share of the samples. The spread between passes is what a
  /// second run would see and one pass cannot: fixtures placed elsewhere in
  /// memory, the machine in another state. Intervals include it.
  public var passes: Int
  /// How long one sample aims to last, in ns: long enough to dwarf the clock's
  /// resolution and the per-sample overhead (~20 ns against ≥ 0.5 ms), short
  /// enough that most samples of a shared machine escape preemption, so that the
  /// median is a clean sample rather than a time slice of a neighbour.
  public var targetSampleNs: UInt64
  /// How long a case runs before its first sample, in ns.
  public var warmUpNs: UInt64
  /// The whole run's time budget in seconds, shared among the cases; `nil` for none.
  public var timeBudgetSeconds: Double?
  /// Resamples of the bootstrap confidence interval.
  public var bootstrapResamples: Int
  /// Seeds every bootstrap, so a results file is reproducible from its samples.
  public var seed: UInt64
  /// Iterations per sample found by an earlier pass, by case: a later pass in a
  /// process of its own adopts them (warming up briefly) instead of calibrating
  /// every case again, so passes cost little more than their samples.
  public var calibratedIterations: [CaseKey: Int]?
  /// A defect to build into the harness on purpose, so that tests can show the
  /// self-checks catch it; `nil` (always, outside those tests) for none.
  public var fault: HarnessFault?
  /// How many stack placements the samples are spread over (``StackPlacement``,
  /// 2 to 64): each sample runs at one drawn at random, and each case's
  /// result says how much it moved with them (``PlacementEffect``). `nil`
  /// (the default) keeps the stack where the process put it.
  public var stackPlacements: Int?
  /// How many samples a case takes back to back when its turn in a round
  /// comes, after an untimed warm-up as long as one sample. A case sampled
  /// cold, straight after the other strategies' fixtures, pays for what they
  /// left in the caches: at sizes whose working set outgrows the caches its
  /// figure would depend on how many other cases the run selected. `nil` in a
  /// configuration written before turns existed: one sample a turn, no warm-up.
  public var samplesPerTurn: Int?

  /// Creates a configuration.
  public init(
    quick: Bool = false,
    samples: Int = 41,
    minimumSamples: Int = 3,
    passes: Int = 4,
    targetSampleNs: UInt64 = 1_000_000,
    warmUpNs: UInt64 = 5_000_000,
    timeBudgetSeconds: Double? = 480,
    bootstrapResamples: Int = 1000,
    seed: UInt64 = 0x0B5E_4BE4
  ) {
    self.quick = quick
    self.samples = samples
    self.minimumSamples = Swift.min(minimumSamples, samples)
    self.precision = 0.01
    self.passes = Swift.max(1, passes)
    self.targetSampleNs = targetSampleNs
    self.warmUpNs = warmUpNs
    self.timeBudgetSeconds = timeBudgetSeconds
    self.bootstrapResamples = bootstrapResamples
    self.seed = seed
    self.fault = nil
    self.calibratedIterations = nil
    self.samplesPerTurn = 2
  }

  /// Whether each turn starts with an untimed warm-up (``samplesPerTurn``).
  public var warmsUpEachTurn: Bool { samplesPerTurn != nil }

  /// The samples a case takes at most in one pass: its share of ``samples``,
  /// never fewer than ``minimumSamples``.
  public var maximumSamplesPerPass: Int {
    Swift.max(minimumSamples, (samples + passes - 1) / passes)
  }

  /// The defaults of `obsbench run`: 41 samples of 1 ms asked for in 4 passes
  /// (up to 11 in each, so 44 in all), at least 3 in each, 8 minutes at most.
  public static let standard = RunConfiguration()

  /// The defaults of `obsbench run --quick`: up to 31 samples of 0.5 ms in 4
  /// passes, at least 3 in each, 40 s at most.
  public static let quick = RunConfiguration(
    quick: true, samples: 31, minimumSamples: 3, passes: 4, targetSampleNs: 500_000,
    warmUpNs: 2_000_000, timeBudgetSeconds: 40
  )
}

extension RunConfiguration {
  /// The configuration pass `pass` (1-based) is measured with, when it is the
  /// `slot`-th of the run's `slots` passes (of any build): the run's, with
  /// the first slot's iteration counts to adopt, a seed of its own derived
  /// from the pass number (the passes' bootstraps should not be alike for no
  /// reason; both builds of an A/B pair share it, so they take the cases in
  /// the same order), and what is left of the run's budget shared by the
  /// passes still to run, so a pass that overran leaves the later ones less
  /// and the run keeps to its budget.
  public func forPass(
    _ pass: Int, slot: Int, of slots: Int, calibratedIterations: [CaseKey: Int]?, elapsedSeconds: Double
  ) -> RunConfiguration {
    var configuration = self
    configuration.calibratedIterations = slot > 1 ? calibratedIterations : self.calibratedIterations
    configuration.seed = seed &+ UInt64(pass)
    configuration.timeBudgetSeconds = timeBudgetSeconds.map {
      max(0.001, ($0 - elapsedSeconds) / Double(slots - slot + 1))
    }
    return configuration
  }
}
