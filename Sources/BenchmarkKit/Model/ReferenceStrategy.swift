/// The ids of the two strategies every other is read against: not choices, but
/// the yardsticks of a run.
///
/// They are stable keys of results files, CSV rows and baselines, like every
/// strategy id; reports, charts and the workloads' strategy lists name them
/// through these constants so that the roles are spelt once.
public enum ReferenceStrategy {
  /// Swift's `Observation` module: the reference every published ratio is
  /// taken against, and what the core's overhead is a share of.
  public static let apple = "apple"
  /// The same work with no observation at all: the floor that overheads are
  /// measured above, and that no strategy should measurably beat.
  public static let floor = "none"
}
