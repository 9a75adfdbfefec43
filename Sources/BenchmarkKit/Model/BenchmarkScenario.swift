/// One kind of operation, measured under each strategy that supports it.
///
/// A scenario says in one line what a single operation is (``summary``), which
/// sizes it sweeps, which strategy ids it supports, and how to prepare a case for
/// one strategy and size. Its ``name`` and the strategy ids are the stable keys of
/// CSV rows and baselines: do not rename them lightly.
public struct BenchmarkScenario: Sendable {
  /// The stable key of the scenario within its suite, e.g. `untracked`.
  public var name: String

  /// One line saying what one operation is.
  public var summary: String

  /// The sizes a normal run sweeps, ascending; `[1]` for a scenario without a size.
  public var sizes: [Int]

  /// The sizes a `--quick` run sweeps.
  public var quickSizes: [Int]

  /// The strategy ids this scenario can prepare, in report order.
  public var strategies: [String]

  /// Why `obsbench run --metric instructions` does not count this scenario, or
  /// `nil` when it does: a case that needs threads running in parallel measures
  /// nothing meaningful under valgrind, which runs one thread at a time.
  public var instructionsSkipReason: String?

  private let factory: @Sendable (_ strategy: String, _ size: Int) throws -> PreparedCase

  /// Creates a scenario.
  ///
  /// - Parameters:
  ///   - name: The stable key of the scenario within its suite.
  ///   - summary: One line saying what one operation is.
  ///   - sizes: The sizes a normal run sweeps (log-spaced for a sweep); `[1]` when
  ///     the scenario has no size.
  ///   - quickSizes: The sizes a quick run sweeps; by default the smallest and
  ///     largest of `sizes`.
  ///   - strategies: The strategy ids it supports, e.g. `lock-thread-keypath`,
  ///     `apple`, `none`.
  ///   - prepare: Sets up one case, outside the measured region.
  public init(
    name: String,
    summary: String,
    sizes: [Int] = [1],
    quickSizes: [Int]? = nil,
    strategies: [String],
    prepare: @escaping @Sendable (_ strategy: String, _ size: Int) throws -> PreparedCase
  ) {
    precondition(!sizes.isEmpty && sizes.allSatisfy { $0 > 0 }, "scenario \(name): sizes must be positive")
    self.name = name
    self.summary = summary
    self.sizes = sizes
    self.quickSizes = quickSizes ?? Array(Set([sizes.first!, sizes.last!])).sorted()
    self.strategies = strategies
    self.factory = prepare
  }

  /// This scenario, marked as not counted by the instructions mode, for `reason`.
  public func skippingInstructions(_ reason: String) -> BenchmarkScenario {
    var scenario = self
    scenario.instructionsSkipReason = reason
    return scenario
  }

  /// Whether the scenario sweeps a size; `--sizes` applies only to those that do.
  public var isSized: Bool {
    sizes != [1] || quickSizes != [1]
  }

  /// Sets up the case of `strategy` at `size`.
  ///
  /// - Throws: Whatever the scenario's factory throws; the runner records it as
  ///   the case's failure.
  public func prepare(strategy: String, size: Int) throws -> PreparedCase {
    try factory(strategy, size)
  }
}
