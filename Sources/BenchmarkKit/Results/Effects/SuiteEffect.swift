/// One choice's effect over a suite's cases: its typical size, its range and
/// where it interacts with the other choices.
public struct SuiteEffect: Codable, Hashable, Sendable {
  /// The suite.
  public var suite: String
  /// The choice, e.g. `registrar` (``CaseEffect/choice``).
  public var choice: String
  /// The cases (scenario and size) that have an effect.
  public var cases: Int
  /// The geometric mean of those cases' effects; `nil` when no case has one.
  public var ratio: Double?
  /// The case with the smallest effect.
  public var lowest: EffectExtreme?
  /// The case with the largest effect.
  public var highest: EffectExtreme?
  /// How many of the cases flag an interaction (``CaseEffect/interactions``).
  public var interactingCases: Int
  /// Where a side of the choice notifies the most times more than the fewest any
  /// strategy needs there; `nil` when no case has a side that notifies more.
  public var overNotification: OverNotification?
  /// The median case's effect: what a typical case of the suite sees, where
  /// the geometric mean ``ratio`` follows a few large cases; `nil` when no
  /// case has one, and in results written before it.
  public var median: Double?
  /// How many cases' 95% intervals lie wholly below 1 (the choice saves time
  /// there), hold 1 (or have none), and lie wholly above 1; `nil` in results
  /// written before it.
  public var standing: EffectStanding?

  /// Creates a suite's summary of one choice.
  public init(
    suite: String, choice: String, cases: Int, ratio: Double?, lowest: EffectExtreme?, highest: EffectExtreme?,
    interactingCases: Int, overNotification: OverNotification?
  ) {
    self.suite = suite
    self.choice = choice
    self.cases = cases
    self.ratio = ratio
    self.lowest = lowest
    self.highest = highest
    self.interactingCases = interactingCases
    self.overNotification = overNotification
  }
}

/// How a suite's cases stand against 1 by their effect's 95% interval.
public struct EffectStanding: Codable, Hashable, Sendable {
  /// Cases whose interval lies wholly below 1.
  public var below: Int
  /// Cases whose interval holds 1, or that have none.
  public var holding: Int
  /// Cases whose interval lies wholly above 1.
  public var above: Int

  /// Creates counts.
  public init(below: Int, holding: Int, above: Int) {
    self.below = below
    self.holding = holding
    self.above = above
  }
}

/// A case at one end of a suite's range of effects.
public struct EffectExtreme: Codable, Hashable, Sendable {
  /// The scenario.
  public var scenario: String
  /// The size.
  public var size: Int
  /// The case's effect.
  public var ratio: Double
  /// Its 95% interval.
  public var interval: ClosedRange<Double>?

  /// Creates an extreme.
  public init(scenario: String, size: Int, ratio: Double, interval: ClosedRange<Double>?) {
    self.scenario = scenario
    self.size = size
    self.ratio = ratio
    self.interval = interval
  }
}
