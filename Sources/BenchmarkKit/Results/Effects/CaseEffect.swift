/// The effect of one choice in one case (suite, scenario and size): the ratio of
/// time per operation with the choice made to without, over the matched pairs of
/// strategies that differ in that choice only.
public struct CaseEffect: Codable, Hashable, Sendable {
  /// The suite.
  public var suite: String
  /// The scenario.
  public var scenario: String
  /// The size.
  public var size: Int
  /// The choice: an axis (`registrar`, `scope`, `invalidation`) or a refinement
  /// (`identity`, `checked`).
  public var choice: String
  /// The matched pairs the case measured, used or not.
  public var candidatePairs: Int
  /// The pairs used: both sides measured, both medians values (a bound has no
  /// interval), in the order of the design.
  public var pairs: [PairEffect]
  /// The geometric mean of the pairs' ratios: the choice's effect; `nil` when no
  /// pair could be used.
  public var ratio: Double?
  /// The effect's 95% interval.
  public var interval: ClosedRange<Double>?
  /// The pairs that disagree beyond chance: the choice costs one thing
  /// beside one combination of the other choices and another beside another.
  public var interactions: [EffectInteraction]
  /// Notifications per operation of each side against the fewest any strategy
  /// needs here; `nil` when the case counts none.
  public var notifications: NotificationLoad?

  /// Creates a case's effect.
  public init(
    suite: String, scenario: String, size: Int, choice: String, candidatePairs: Int, pairs: [PairEffect],
    ratio: Double?, interval: ClosedRange<Double>?, interactions: [EffectInteraction],
    notifications: NotificationLoad?
  ) {
    self.suite = suite
    self.scenario = scenario
    self.size = size
    self.choice = choice
    self.candidatePairs = candidatePairs
    self.pairs = pairs
    self.ratio = ratio
    self.interval = interval
    self.interactions = interactions
    self.notifications = notifications
  }

  /// Whether the pairs disagree beyond chance (a contrast test of them all).
  public var isInteracting: Bool {
    !interactions.isEmpty
  }
}

/// One matched pair: two strategies that differ in one choice only, and the
/// paired ratio of their times.
public struct PairEffect: Codable, Hashable, Sendable {
  /// The strategy without the choice (A), e.g. `lock-thread-keypath`.
  public var baseline: String
  /// The strategy with it (B), e.g. `actor-thread-keypath`.
  public var alternative: String
  /// B's time over A's: the median of per-round ratios of samples taken side by side.
  public var ratio: Double
  /// Its 95% interval (within a pass and between passes).
  public var interval: ClosedRange<Double>

  /// Creates a pair's effect.
  public init(baseline: String, alternative: String, ratio: Double, interval: ClosedRange<Double>) {
    self.baseline = baseline
    self.alternative = alternative
    self.ratio = ratio
    self.interval = interval
  }
}

/// Two pairs of a flagged case whose effects differ, named by their baselines
/// (``PairEffect/baseline``).
public struct EffectInteraction: Codable, Hashable, Sendable {
  /// The first pair's baseline strategy.
  public var first: String
  /// The second pair's baseline strategy.
  public var second: String

  /// Creates an interaction.
  public init(first: String, second: String) {
    self.first = first
    self.second = second
  }
}
