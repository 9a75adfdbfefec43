import BenchmarkKit

extension IntervalCoverage {
  /// Whether a run's bounds hold against its own passes: a median published as
  /// `< b` claims the median is under `b`, so a pass whose median lies above `b`
  /// contradicts it.
  ///
  /// The passes are processes of their own and land in different states; a bound
  /// that one of them exceeds was drawn too tight for what a rerun measures.
  public struct Bounds: Sendable {
    /// One case whose median the run published as a bound.
    public struct Entry: Sendable {
      /// The case.
      public var key: CaseKey
      /// The published bound: the median is claimed below it.
      public var bound: Double
      /// The median of each pass's samples, in pass order (one for a run of one pass).
      public var passMedians: [Double]
      /// Whether the bound lies below one of the passes' medians.
      public var isExceeded: Bool { passMedians.contains { $0 > bound } }
    }

    /// Every case whose published median is a bound (`.below`), in key order.
    public var entries: [Entry]

    /// The bounds that lie below one of their passes' medians.
    public var exceeded: [Entry] { entries.filter(\.isExceeded) }

    /// The bounds of `run`'s cases, each with its passes' medians
    /// (``PassSpread/passes(of:counts:)`` over ``CaseResult/passSampleCounts``).
    public init(of run: BenchmarkRun) {
      entries = run.cases.sorted { $0.key < $1.key }.compactMap { result in
        guard case .below(let bound)? = result.published?.medianNs else { return nil }
        let passes = PassSpread.passes(of: result.samples, counts: result.passSampleCounts)
        return Entry(key: result.key, bound: bound, passMedians: passes.compactMap { Statistics.median(Array($0)) })
      }
    }
  }
}
