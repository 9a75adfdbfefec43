/// Notifications per operation of the two sides of a choice in one case, and the
/// fewest any strategy but the floor (`none`) needs there.
public struct NotificationLoad: Codable, Hashable, Sendable {
  /// The baseline side's (A), the mean over the pairs.
  public var baseline: Double
  /// The alternative side's (B), the mean over the pairs.
  public var alternative: Double
  /// The fewest any strategy of the case sends (`none` left out: it observes nothing).
  public var fewest: Double

  /// Creates a load.
  public init(baseline: Double, alternative: Double, fewest: Double) {
    self.baseline = baseline
    self.alternative = alternative
    self.fewest = fewest
  }
}

/// The case of a suite where a side of a choice over-notifies the most.
public struct OverNotification: Codable, Hashable, Sendable {
  /// The scenario.
  public var scenario: String
  /// The size.
  public var size: Int
  /// Both sides' notifications there, and the fewest any strategy needs.
  public var load: NotificationLoad

  /// Creates an over-notification.
  public init(scenario: String, size: Int, load: NotificationLoad) {
    self.scenario = scenario
    self.size = size
    self.load = load
  }
}
