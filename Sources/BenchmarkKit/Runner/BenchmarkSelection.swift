/// What a run was asked to measure: the filters of `obsbench run`.
///
/// Every field `nil` means the default: the default suites, all their scenarios,
/// all strategies, each scenario's own sizes.
public struct BenchmarkSelection: Codable, Hashable, Sendable {
  /// Suite names; `nil` for the default suites (all suites when `scenarios` is set).
  public var suites: [String]?
  /// Scenario patterns, matched against `scenario` or, when they hold a `/`,
  /// against `suite/scenario`.
  public var scenarios: [GlobPattern]?
  /// Strategy ids; `nil` for every strategy each scenario supports.
  public var strategies: [String]?
  /// Sizes replacing those of every sized scenario.
  public var sizes: [Int]?
  /// Whether to use each scenario's quick sizes.
  public var quick: Bool
  /// Only these cases of those the other filters select; `nil` for all of them.
  public var cases: Set<CaseKey>? = nil

  /// Creates a selection.
  public init(
    suites: [String]? = nil,
    scenarios: [GlobPattern]? = nil,
    strategies: [String]? = nil,
    sizes: [Int]? = nil,
    quick: Bool = false
  ) {
    self.suites = suites
    self.scenarios = scenarios
    self.strategies = strategies
    self.sizes = sizes
    self.quick = quick
  }
}

/// Why a selection names nothing that exists; the message lists what does.
public struct SelectionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// One line for the user.
  public var message: String

  /// Creates an error with its message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
