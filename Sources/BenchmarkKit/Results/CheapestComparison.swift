/// How a case stands against the cheapest strategy of its scenario and size: the
/// paired ratio to it, and whether the run can tell the two apart at all.
///
/// The smallest median of a dozen strategies is usually a noise pick among
/// several that the run cannot separate. Reports name the cheapest together with
/// every strategy tied with it, so a reader does not choose on noise.
public struct CheapestComparison: Codable, Hashable, Sendable {
  /// The cheapest strategy of the case's scenario and size (neither `apple` nor
  /// `none`): the smallest published median.
  public var cheapest: String
  /// This case's median of per-round ratios to the cheapest's samples (`1` for the
  /// cheapest itself; unresolved for a median under the resolution).
  public var ratio: Figure
  /// The 95% interval of ``ratio`` (``PairedRatio``: paired by pass and round,
  /// between-pass spread included), when the run can give one.
  public var interval: ClosedRange<Double>?
  /// Whether the run cannot tell this case from the cheapest: its interval
  /// holds 1. The cheapest is tied with itself; an unresolved case is not tied.
  public var isTied: Bool

  /// Creates a comparison.
  public init(cheapest: String, ratio: Figure, interval: ClosedRange<Double>?, isTied: Bool) {
    self.cheapest = cheapest
    self.ratio = ratio
    self.interval = interval
    self.isTied = isTied
  }

  /// Whether the run can say nothing of this case against the cheapest: its
  /// median is a bound, or it shares too few rounds with the cheapest. Such a
  /// case is neither tied nor apart, and reports say "unresolved".
  public var isUnresolved: Bool { interval == nil }
}

/// Where a case stands among the strategies of its scenario and size on time,
/// notifications and allocations per operation: on the Pareto front, or
/// dominated by another strategy.
///
/// Published for the suites' headline scenarios, for the "which should I use"
/// block: a strategy that another beats or matches on all three is no choice.
public struct ChoiceStanding: Codable, Hashable, Sendable {
  /// A strategy at least as good on all three and strictly better on one (on
  /// time: beyond the interval of their paired ratio), or `nil` when none is.
  public var dominatedBy: String?

  /// Creates a standing.
  public init(dominatedBy: String?) {
    self.dominatedBy = dominatedBy
  }

  /// Whether no strategy dominates this one.
  public var isOnFront: Bool { dominatedBy == nil }
}
