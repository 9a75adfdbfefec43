import BenchmarkKit

extension IntervalCoverage {
  /// How many samples a run's cases have: the fewest in any one pass, and the
  /// spread of the totals per case.
  ///
  /// An interval from three samples of a pass is a guess at the pass's spread;
  /// where coverage falls short, the counts say whether too few samples explain it.
  public struct Samples: Sendable {
    /// The fewest samples one case took in one pass.
    public var fewestInAPass: Int
    /// The case that took them.
    public var fewestCase: CaseKey
    /// Which pass (1-based) took them; `nil` for a case measured in one pass.
    public var fewestPass: Int?
    /// The fewest samples of any case, all passes together.
    public var perCaseMinimum: Int
    /// The median of the cases' sample counts.
    public var perCaseMedian: Double
    /// The most samples of any case.
    public var perCaseMaximum: Int
    /// How many cases were counted: those measured without failure.
    public var cases: Int

    /// The counts of `run`'s measured cases (no failure, at least one sample), or
    /// `nil` when it has none. A pass counts by ``CaseResult/passSampleCounts``
    /// where they add up to the case's samples (a pass that took none counts
    /// as 0); otherwise the case is one pass.
    public init?(of run: BenchmarkRun) {
      let measured = run.cases.filter { $0.failure == nil && !$0.samples.isEmpty }.sorted { $0.key < $1.key }
      guard let first = measured.first else { return nil }
      var fewest = (count: first.samples.count, key: first.key, pass: Int?.none)
      for result in measured {
        let counts = result.passSampleCounts.flatMap { $0.reduce(0, +) == result.samples.count ? $0 : nil }
        for (index, count) in (counts ?? [result.samples.count]).enumerated() where count < fewest.count {
          fewest = (count, result.key, counts == nil || counts!.count < 2 ? nil : index + 1)
        }
      }
      let totals = measured.map(\.samples.count)
      fewestInAPass = fewest.count
      fewestCase = fewest.key
      fewestPass = fewest.pass
      perCaseMinimum = totals.min()!
      perCaseMedian = Statistics.median(totals.map(Double.init))!
      perCaseMaximum = totals.max()!
      cases = measured.count
    }
  }
}
