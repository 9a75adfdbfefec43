import BenchmarkKit

/// One line of a rules file for `obsbench check`: a bound on a strategy's cost,
/// absolute or relative to another strategy measured in the same run.
///
/// ```
/// # comments and blank lines are ignored
/// lock-thread-keypath / apple on scopes/track-fire <= 0.25
/// lock-thread-keypath on reads/untracked <= 5ns
/// lock-thread-keypath on reads/untracked@1 allocs <= 0
/// lock-* / apple on reads/tracked-obj* <= 0.5
/// ```
///
/// Grammar: `STRATEGY [/ STRATEGY] on [SUITE/]SCENARIO[@SIZE] [METRIC] OP NUMBER[UNIT]`,
/// with `OP` one of `<=`, `<`, `>=`, `>` and `METRIC` one of `median` (the
/// default, ns per operation), `allocs`, `bytes`, `notifications`, `instructions`. The first
/// strategy and the scenario may be globs. Without `@SIZE` the rule holds at
/// every size that ran. A relative rule on the median compares paired samples
/// (see ``PairedRatio``). The unit must fit: `ns` only on an absolute median,
/// `B` only on absolute bytes, `x`/`×` only on a ratio; none is always allowed.
/// docs/REPORTS.md documents the format.
public struct CheckRule: Hashable, Sendable {
  /// The comparison a rule makes.
  public enum Comparison: String, Sendable, CaseIterable {
    /// `<=`: the value may not exceed the bound.
    case atMost = "<="
    /// `<`: the value must stay under the bound.
    case below = "<"
    /// `>=`: the value may not fall under the bound.
    case atLeast = ">="
    /// `>`: the value must exceed the bound.
    case above = ">"

    func holds(_ value: Double, _ bound: Double) -> Bool {
      switch self {
      case .atMost: value <= bound
      case .below: value < bound
      case .atLeast: value >= bound
      case .above: value > bound
      }
    }
  }

  /// What a rule bounds.
  public enum Metric: String, Sendable, CaseIterable {
    /// Median nanoseconds per operation.
    case median
    /// Allocations per operation.
    case allocs
    /// Bytes allocated per operation.
    case bytes
    /// Notifications per operation.
    case notifications
    /// Instructions per operation (`run --metric instructions`).
    case instructions
    /// Calls per operation that retain (`run --metric instructions`: ``RuntimeCalls``).
    case retains
    /// Calls per operation that release.
    case releases

    /// The units a bound of this metric may carry: absolute, then relative.
    func allowedUnits(relative: Bool) -> [String] {
      if relative { return ["x", "×"] }
      switch self {
      case .median: return ["ns"]
      case .bytes: return ["B"]
      case .allocs, .notifications, .instructions, .retains, .releases: return []
      }
    }

    func value(of result: CaseResult) -> Double? {
      switch self {
      case .median: result.statistics?.median
      case .allocs: result.allocationsPerOperation
      case .bytes: result.bytesPerOperation
      case .notifications: result.notificationsPerOperation
      case .instructions: result.instructionsPerOperation
      case .retains: result.runtimeCalls?.retains
      case .releases: result.runtimeCalls?.releases
      }
    }
  }

  /// The rule as written.
  public var text: String
  /// The strategies bounded: an id or a glob such as `lock-*`.
  public var strategy: GlobPattern
  /// The strategy it is divided by, for a relative rule.
  public var reference: String?
  /// The scenario pattern, matched against `scenario` or `suite/scenario`.
  public var scenario: GlobPattern
  /// The one size the rule is about, or `nil` for every size.
  public var size: Int?
  /// What is bounded.
  public var metric: Metric
  /// How it is compared.
  public var comparison: Comparison
  /// The bound.
  public var bound: Double
}
