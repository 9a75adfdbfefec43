import BenchmarkKit
import Foundation

extension RunComparison {
  /// Under this many nanoseconds an A/B verdict shows a case's change but does
  /// not gate on it (``Options/ungatedBelowNs``): such an operation's speed in a
  /// process is set by where its code and data land (in an A/A run of the quick
  /// suite with eight pairs, the one case called regressed was a 0.39 ns read,
  /// +41%), which instruction counts see through and the instruction gates judge.
  public static let pairedGateFloorNs = 10.0

  /// Compares two builds measured side by side in one A/B run
  /// (`obsbench run --baseline-binary`): pass p of `baseline` and pass p of
  /// `current` ran one right after the other, so each pair of passes is judged
  /// against the other, never one run against another made at another time.
  ///
  /// For each case and pair p, d_p = log(current pass median / baseline pass
  /// median). The change is the mean of d_p over the pairs; its noise the
  /// standard deviation of d_p over √pairs, where that standard deviation is the
  /// case's own or, if larger, the median of its scenario's cases (four pairs say
  /// little about one case's spread; the scenario's cases move alike). A case
  /// regressed when the change exceeds the threshold and is beyond
  /// ``noiseMultiple`` times its noise (the family-wise multiple that keeps a whole
  /// verdict of unchanged code to about one false alarm in twenty). A median
  /// under its resolution on either side is not judged by time: the instruction
  /// gates hold those.
  ///
  /// No machine factor is divided out: the two passes of a pair ran seconds
  /// apart, and the alternating order cancels a drift through the run. A shift
  /// estimated from the few `apple` and `none` cases of a suite added more noise
  /// than it removed (A/A, scopes: the spread between pairs 0.075 with it, 0.055
  /// without); the reference cases' median shift is shown, not used.
  public init(pairedBaseline baseline: BenchmarkRun, current: BenchmarkRun, options: Options = Options()) {
    self.options = options
    let old = Dictionary(baseline.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let new = Dictionary(current.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let pairs = Self.pairedShifts(baseline: old, current: new)
    var corrected = [CaseKey: [Double]]()
    for (key, shifts) in pairs {
      let values = shifts.compactMap { $0 }
      if values.count >= 2 { corrected[key] = values }
    }
    let referenceShifts = corrected.filter { options.referenceStrategies.contains($0.key.strategy) }.values
      .map { $0.reduce(0, +) / Double($0.count) }
    let pooled = Self.pooledSpread(corrected)
    let judged = Set(old.keys).intersection(new.keys).count
    noiseMultiple = max(options.noiseMultiple, Self.familyWiseMultiple(cases: judged, error: options.familyWiseError))
    let spreads = pooled.values.sorted()
    let referenceShift = Statistics.median(Array(referenceShifts))
    machine = MachineSpeed(
      pairing:
        "A/B: the two builds measured pass by pass in one run (\(pairs.values.map(\.count).max() ?? 0) pairs, A B B A), each case judged pair by pair"
        + (spreads.isEmpty
          ? "" : "; a case's noise between pairs ±\(NumberFormat.fixed((exp(spreads[spreads.count / 2]) - 1) * 100, 1))% (median over scenarios)")
        + (referenceShift.map {
          "; the \(referenceShifts.count) \(options.referenceStrategies.sorted().joined(separator: " and ")) cases moved \(NumberFormat.fixed((exp($0) - 1) * 100, 1))% (median)"
        } ?? ""),
      basisCount: referenceShifts.count, residualNoise: spreads.isEmpty ? nil : spreads[spreads.count / 2])
    let multiple = noiseMultiple
    rows = Set(old.keys).union(new.keys).sorted().map { key in
      Self.pairedRow(
        key: key, before: old[key], after: new[key], changes: corrected[key],
        pooledSpread: pooled[ScenarioKey(key)], multiple: multiple, options: options)
    }
    standings = StrategyStanding.all(baseline: old, current: new, metric: options.metric)
  }

  /// A case's scenario and size, whose cases share a spread.
  struct ScenarioKey: Hashable {
    var suite: String
    var scenario: String
    var size: Int

    init(_ key: CaseKey) {
      suite = key.suite
      scenario = key.scenario
      size = key.size
    }
  }

  /// Each case's log shift, current over baseline, pair by pair (`nil` where a
  /// pass of either side has no positive median).
  static func pairedShifts(baseline: [CaseKey: CaseResult], current: [CaseKey: CaseResult]) -> [CaseKey: [Double?]] {
    var shifts = [CaseKey: [Double?]]()
    for (key, after) in current {
      guard let before = baseline[key], before.failure == nil, after.failure == nil else { continue }
      let old = passMedians(before)
      let new = passMedians(after)
      let count = min(old.count, new.count)
      guard count >= 2 else { continue }
      shifts[key] = (0..<count).map { p in
        guard let a = old[p], let b = new[p], a > 0, b > 0 else { return nil }
        return log(b / a)
      }
    }
    return shifts
  }

  /// Each pass's median in pass order, `nil` for a pass without samples.
  static func passMedians(_ result: CaseResult) -> [Double?] {
    guard let counts = result.passSampleCounts, counts.reduce(0, +) == result.samples.count else {
      return [Statistics.median(result.samples)]
    }
    var medians = [Double?]()
    var start = 0
    for count in counts {
      medians.append(count > 0 ? Statistics.median(Array(result.samples[start..<(start + count)])) : nil)
      start += count
    }
    return medians
  }

  /// Per scenario and size, the median over its cases of the standard
  /// deviation of their corrected shifts between pairs.
  static func pooledSpread(_ corrected: [CaseKey: [Double]]) -> [ScenarioKey: Double] {
    var spreads = [ScenarioKey: [Double]]()
    for (key, values) in corrected {
      guard let spread = standardDeviation(values) else { continue }
      spreads[ScenarioKey(key), default: []].append(spread)
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
    let metric = options.metric
    let old = before?.failure == nil ? before.flatMap(metric.median) : nil
    let new = after?.failure == nil ? after.flatMap(metric.median) : nil
    var row = Row(
      key: key, baseline: old, current: new,
      sampleCounts: (before.map { metric.samples($0).count } ?? 0, after.map { metric.samples($0).count } ?? 0),
      ratio: nil, change: nil, interval: nil, pValue: nil, verdict: .unchanged)
    guard let after else { return row.with(.missing) }
    guard new != nil else { return row.with(after.failure == nil ? .missing : .failed) }
    guard before != nil, let old else { return row.with(.onlyInCurrent) }
    guard case .value(let oldMedian) = old, case .value(let newMedian)? = new else {
      row.change = .unresolved
      return row
    }
    row.ratio = newMedian / oldMedian
    guard let changes, let own = standardDeviation(changes) else {
      // Too few pairs to judge by: a change beyond the threshold cannot be confirmed.
      let ratio = newMedian / oldMedian
      row.change = .value(ratio)
      return row.with(abs(log(ratio)) > log(1 + options.threshold) && ratio > 1 ? .notEnoughSamples : .unchanged)
    }
    let mean = changes.reduce(0, +) / Double(changes.count)
    let noise = max(own, pooledSpread ?? 0) / Double(changes.count).squareRoot()
    row.change = .value(exp(mean))
    let z = noise > 0 ? mean / noise : (mean == 0 ? 0 : .infinity * mean.sign.factor)
    row.pValue = erfc(abs(z) / 2.0.squareRoot())
    let half = noise * Self.normalQuantile(twoSided: options.confidence)
    row.interval = exp(mean - half)...exp(mean + half)
    guard abs(mean) > log(1 + options.threshold) else { return row }
    guard abs(z) > multiple else { return row.with(.withinNoise) }
    return row.with(mean > 0 ? .regressed : .improved)
  }

  /// The z for a two-sided interval of `confidence` (2.576 for 0.99).
  static func normalQuantile(twoSided confidence: Double) -> Double {
    let tail = (1 - confidence) / 2
    var low = 0.0
    var high = 12.0
    for _ in 0..<60 {
      let middle = (low + high) / 2
      if erfc(middle / 2.0.squareRoot()) / 2 > tail { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }
}

extension FloatingPointSign {
  fileprivate var factor: Double { self == .minus ? -1 : 1 }
}
