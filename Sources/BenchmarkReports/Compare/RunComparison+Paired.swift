import BenchmarkKit
import Foundation

extension RunComparison {
  /// Under this many nanoseconds an A/B verdict shows a case's change but does
  /// not gate on it (``Options/ungatedBelowNs``): such an operation's speed in a
  /// process is set by where its code and data land (in an A/A run of the quick
  /// suite with eight pairs, the one case called regressed was a 0.39 ns read,
  /// +41%), which instruction counts see through and the instruction gates judge.
  public static let pairedGateFloorNs = 10.0

  /// What an A/B run of `pairs` pairs can judge at `options.threshold`, said
  /// before it starts: a case is judged at the threshold only where the
  /// verdict's noise multiple times its noise (its spread between pairs over
  /// √pairs) stays under the threshold, so the largest spread that resolves it
  /// is ln(1 + threshold) · √pairs / multiple. `judged` is how many tests the
  /// verdict will make (a case judged through a reference counts twice), which
  /// sets the multiple.
  public static func pairedPowerNote(pairs: Int, judged: Int, options: Options = Options()) -> String {
    let multiple = max(options.noiseMultiple, familyWiseMultiple(cases: judged, error: options.familyWiseError))
    let limit = log(1 + options.threshold)
    let spread = exp(limit * Double(max(pairs, 1)).squareRoot() / multiple) - 1
    // Pairs for a case whose time moves by 10% between pairs.
    let needed = Int(pow(multiple * log(1.1) / limit, 2).rounded(.up))
    let percent = NumberFormat.fixed(options.threshold * 100, 1)
    return
      "\(pairs) pairs judge a case at \(percent)% only where its time moves by at most "
      + "\(NumberFormat.fixed(spread * 100, 1))% between pairs (\(NumberFormat.fixed(multiple, 1))× its noise, that "
      + "spread over √\(pairs), must stay under \(percent)%); a case moving 10% between pairs needs about "
      + "\(needed) (--passes \(needed)). The verdict gives each case's smallest detectable change."
  }

  /// Compares two builds measured side by side in one A/B run
  /// (`obsbench run --baseline-binary`): pass p of `baseline` and pass p of
  /// `current` ran one right after the other, so each pair of passes is judged
  /// against the other, never one run against another made at another time.
  ///
  /// For each case and pair p, d_p = the change of the pass's standing against
  /// the reference beside it, weighted by how much of the reference's move the
  /// case shares (``pairedShifts(baseline:current:referenceStrategies:)``).
  /// The change is the mean of d_p over the pairs; its noise the
  /// standard deviation of d_p over √pairs, where that standard deviation is the
  /// case's own or, if larger, the median of its strategy's cases in the suite
  /// (a few pairs say little about one case's spread; a strategy's cases move
  /// alike). In four A/A runs of the quick suite with eight pairs, pooling by
  /// scenario and size instead caught 4–17 of 108–120 headline cases made 25%
  /// slower, by suite and strategy 10–38, with no false alarm either way. A case
  /// regressed when the change exceeds the threshold and is beyond
  /// ``noiseMultiple`` times its noise (the family-wise multiple that keeps a whole
  /// verdict of unchanged code to about one false alarm in twenty). A median
  /// under its resolution on either side is not judged by time: the instruction
  /// gates hold those.
  ///
  /// No run-wide machine factor is divided out: the two passes of a pair ran
  /// seconds apart, the alternating order cancels a drift through the run, and
  /// each case's own reference removes its process's state.
  public init(pairedBaseline baseline: BenchmarkRun, current: BenchmarkRun, options: Options = Options()) {
    self.options = options
    let old = Dictionary(baseline.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let new = Dictionary(current.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let pairs = Self.pairedShifts(
      baseline: old, current: new, referenceStrategies: options.referenceStrategies.sorted())
    // The pairs each case can be judged by: at least two.
    let judgeable = pairs.compactMapValues { shifts -> [Double]? in
      let values = shifts.compactMap { $0 }
      return values.count >= 2 ? values : nil
    }
    let referenceShifts = judgeable.filter { options.referenceStrategies.contains($0.key.strategy) }.values
      .map { $0.reduce(0, +) / Double($0.count) }
    let pooled = Self.pooledSpread(judgeable)
    let raw = Self.pairedRawShifts(
      baseline: old, current: new, referenceStrategies: options.referenceStrategies.sorted())
    let pooledRaw = Self.pooledSpread(raw)
    // A case judged through a reference is tested twice, weighted and not.
    let judged = Set(old.keys).intersection(new.keys).count + raw.count
    noiseMultiple = max(options.noiseMultiple, Self.familyWiseMultiple(cases: judged, error: options.familyWiseError))
    paired = true
    let spreads = pooled.values.sorted()
    let referenceShift = Statistics.median(Array(referenceShifts))
    machine = MachineSpeed(
      pairing:
        "A/B: the two builds measured pass by pass in one run (\(pairs.values.map(\.count).max() ?? 0) pairs, A B B "
        + "A), each case judged pair by pair on its standing against the apple (else none) case beside it in each "
        + "process, weighted by how much of that case's move its strategy shares"
        + (spreads.isEmpty
          ? ""
          : "; a case's noise between pairs ±\(NumberFormat.fixed((exp(spreads[spreads.count / 2]) - 1) * 100, 1))% "
            + "(median over suites and strategies)")
        + (referenceShift.map {
          "; the \(referenceShifts.count) \(options.referenceStrategies.sorted().joined(separator: " and ")) cases "
            + "moved \(NumberFormat.fixed((exp($0) - 1) * 100, 1))% (median)"
        } ?? ""),
      basisCount: referenceShifts.count, residualNoise: spreads.isEmpty ? nil : spreads[spreads.count / 2])
    let multiple = noiseMultiple
    rows = Set(old.keys).union(new.keys).sorted().map { key in
      Self.pairedRow(
        key: key, before: old[key], after: new[key], changes: judgeable[key],
        pooledSpread: pooled[SpreadKey(key)], multiple: multiple, options: options
      ).judgedUnweighted(raw[key], pooledSpread: pooledRaw[SpreadKey(key)], multiple: multiple, options: options)
    }
    standings = StrategyStanding.all(baseline: old, current: new, metric: options.metric)
  }

  /// A case's suite and strategy, whose cases share a spread: what moves a
  /// strategy between processes (an actor registrar's hop lands in states of its
  /// own, 0.3–0.5 in log between pairs where a lock registrar's cases of the same
  /// scenario moved 0.05–0.13) is the strategy's, across its scenarios.
  struct SpreadKey: Hashable {
    var suite: String
    var strategy: String

    init(_ key: CaseKey) {
      suite = key.suite
      strategy = key.strategy
    }
  }

  /// Per suite and strategy, the median over its cases of the standard
  /// deviation of their shifts between pairs.
  static func pooledSpread(_ shifts: [CaseKey: [Double]]) -> [SpreadKey: Double] {
    var spreads = [SpreadKey: [Double]]()
    for (key, values) in shifts {
      guard let spread = standardDeviation(values) else { continue }
      spreads[SpreadKey(key), default: []].append(spread)
    }
    return spreads.compactMapValues(Statistics.median)
  }

  static func standardDeviation(_ values: [Double]) -> Double? {
    guard values.count >= 2 else { return nil }
    let mean = values.reduce(0, +) / Double(values.count)
    return (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
  }

  /// The verdict on one case of an A/B run.
  static func pairedRow(
    key: CaseKey, before: CaseResult?, after: CaseResult?, changes: [Double]?, pooledSpread: Double?,
    multiple: Double, options: Options
  ) -> Row {
    var (row, decided) = startedRow(key: key, before: before, after: after, options: options)
    guard !decided else { return row }
    if let old = before?.instructionsPerOperation, let new = after?.instructionsPerOperation, old == new {
      row.sameInstructions = new
    }
    guard case .value(let oldMedian)? = row.baseline, case .value(let newMedian)? = row.current else {
      row.change = .unresolved
      return row
    }
    let ratio = newMedian / oldMedian
    row.ratio = ratio
    guard let changes, let own = standardDeviation(changes) else {
      // Too few pairs to judge by: a change beyond the threshold cannot be confirmed.
      row.change = .value(ratio)
      return row.with(abs(log(ratio)) > log(1 + options.threshold) && ratio > 1 ? .notEnoughSamples : .unchanged)
    }
    let mean = changes.reduce(0, +) / Double(changes.count)
    let noise = max(own, pooledSpread ?? 0) / Double(changes.count).squareRoot()
    row.change = .value(exp(mean))
    // How many times its noise the change is, either way.
    let z = noise > 0 ? abs(mean) / noise : (mean == 0 ? 0 : .infinity)
    row.pValue = erfc(z / 2.0.squareRoot())
    let half = noise * Self.normalQuantile(twoSided: options.confidence)
    row.interval = exp(mean - half)...exp(mean + half)
    let limit = log(1 + options.threshold)
    row.detectable = exp(max(limit, multiple * noise)) - 1
    // Unchanged only where these pairs could have seen a change of the threshold.
    guard abs(mean) > limit else {
      return row.with(row.detectable! > options.threshold + 1e-12 ? .withinNoise : .unchanged)
    }
    guard z > multiple else { return row.with(.withinNoise) }
    return row.with(mean > 0 ? .regressed : .improved)
  }

  /// The z for a two-sided interval of `confidence` (2.576 for 0.99).
  static func normalQuantile(twoSided confidence: Double) -> Double {
    normalQuantile(upperTail: (1 - confidence) / 2)
  }
}

extension RunComparison.Row {
  /// Slower in an A/B run with exactly the same instructions counted on both
  /// builds: the time moved with placement, and the gate does not fail on it.
  public var placementOnly: Bool { verdict == .regressed && sameInstructions != nil }

  /// Where a case was judged through its reference, also judges its change
  /// with nothing taken out (`shifts`, ``pairedRawShifts(baseline:current:referenceStrategies:)``):
  /// a case slower beyond the threshold and its noise unweighted is
  /// regressed, whatever its weighted standing says. The two disagree that
  /// way when the reference slowed too — code both run, or a process-wide
  /// effect — and the standing forgave the shared part.
  ///
  /// The other way round, a case is improved only if its unweighted change
  /// is faster beyond the threshold and its noise too: a standing that
  /// improved while the case's own time did not says that its reference
  /// slowed (a change to `apple`'s side made 393 cases of this project's
  /// "improved" in one A/B run), and the case is then unchanged or within its
  /// noise, marked ``fasterOnlyAgainstReference``.
  func judgedUnweighted(
    _ shifts: [Double]?, pooledSpread: Double?, multiple: Double, options: RunComparison.Options
  ) -> Self {
    // Only a case judged as two values: a bound on either side is the
    // instruction gates' to judge.
    guard [.unchanged, .withinNoise, .improved].contains(verdict), ratio != nil, let shifts,
      let own = RunComparison.standardDeviation(shifts)
    else { return self }
    let mean = shifts.reduce(0, +) / Double(shifts.count)
    let noise = max(own, pooledSpread ?? 0) / Double(shifts.count).squareRoot()
    let limit = log(1 + options.threshold)
    var row = self
    if mean > limit, noise > 0 ? mean / noise > multiple : true {
      row.verdict = .regressed
      row.regressedUnweighted = true
    } else if verdict == .improved, !(mean < -limit && (noise > 0 ? -mean / noise > multiple : true)) {
      let resolved = (detectable ?? .infinity) <= options.threshold + 1e-12
      row.verdict = abs(mean) <= limit && resolved ? .unchanged : .withinNoise
      row.fasterOnlyAgainstReference = true
    }
    return row
  }
}
