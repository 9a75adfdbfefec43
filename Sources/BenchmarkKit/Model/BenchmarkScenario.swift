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

  /// The sizes the scenario can take: `--sizes` outside it are refused (or
  /// skipped) before the first sample, never handed to ``prepare(strategy:size:)``.
  ///
  /// A workload with a hard limit (62 fields, a recursion the stack must hold)
  /// declares it; by default a scenario takes 1 to ten times its largest swept size.
  public var allowedSizes: ClosedRange<Int>

  /// A further condition on the sizes within ``allowedSizes``, such as "1 or a
  /// multiple of 4", or `nil` when every size of the range is taken.
  public var sizeCondition: SizeCondition?

  /// Which API forms the rows use where the core's and apple's differ, and the
  /// scenario measuring the other form; `nil` when every row does the same work
  /// through the same kind of call (``ScenarioForm``).
  public var form: ScenarioForm?

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
  ///   - allowedSizes: The sizes it can take; by default 1 to ten times the
  ///     largest of `sizes`. Must hold every size of `sizes` and `quickSizes`.
  ///   - sizeCondition: A further condition on those sizes, if any.
  ///   - prepare: Sets up one case, outside the measured region.
  public init(
    name: String,
    summary: String,
    sizes: [Int] = [1],
    quickSizes: [Int]? = nil,
    strategies: [String],
    allowedSizes: ClosedRange<Int>? = nil,
    sizeCondition: SizeCondition? = nil,
    prepare: @escaping @Sendable (_ strategy: String, _ size: Int) throws -> PreparedCase
  ) {
    precondition(!sizes.isEmpty && sizes.allSatisfy { $0 > 0 }, "scenario \(name): sizes must be positive")
    self.name = name
    self.summary = summary
    self.sizes = sizes
    self.quickSizes = quickSizes ?? Array(Set([sizes.first!, sizes.last!])).sorted()
    self.strategies = strategies
    let range = allowedSizes ?? 1...(sizes.max()! * 10)
    self.allowedSizes = range
    self.sizeCondition = sizeCondition
    precondition(
      (sizes + self.quickSizes).allSatisfy { range.contains($0) && (sizeCondition?.accepts($0) ?? true) },
      "scenario \(name): its own sizes must be allowed sizes")
    self.factory = prepare
  }

  /// This scenario, marked as not counted by the instructions mode, for `reason`.
  public func skippingInstructions(_ reason: String) -> BenchmarkScenario {
    var scenario = self
    scenario.instructionsSkipReason = reason
    return scenario
  }

  /// Whether the scenario can take `size`: within ``allowedSizes`` and meeting
  /// ``sizeCondition``.
  public func takes(_ size: Int) -> Bool {
    allowedSizes.contains(size) && (sizeCondition?.accepts(size) ?? true)
  }

  /// The sizes the scenario takes, for a message: `1...62`, or
  /// `1...1000, 1 or a multiple of 4`.
  public var sizesTaken: String {
    "\(allowedSizes.lowerBound)...\(allowedSizes.upperBound)" + (sizeCondition.map { ", \($0.summary)" } ?? "")
  }

  /// Whether the scenario sweeps a size; `--sizes` applies only to those that do.
  public var isSized: Bool {
    sizes != [1] || quickSizes != [1]
  }

  /// Sets up the case of `strategy` at `size`.
  ///
  /// - Throws: ``SizeOutOfRange`` for a size outside ``allowedSizes`` (the
  ///   workload would crash or never finish), else whatever the scenario's
  ///   factory throws; the runner records it as the case's failure.
  public func prepare(strategy: String, size: Int) throws -> PreparedCase {
    guard takes(size) else { throw SizeOutOfRange(scenario: name, size: size, allowed: sizesTaken) }
    return try factory(strategy, size)
  }
}

/// A condition a scenario puts on its sizes beyond a range, such as "1 or a
/// multiple of 4" for reads split 4 to an object.
public struct SizeCondition: Sendable {
  /// The condition in a few words, for messages and `obsbench list`.
  public var summary: String
  /// Whether a size meets it.
  public var accepts: @Sendable (Int) -> Bool

  /// Creates a condition.
  public init(_ summary: String, accepts: @escaping @Sendable (Int) -> Bool) {
    self.summary = summary
    self.accepts = accepts
  }
}

/// A size a scenario cannot take, such as 63 fields of a 62-field object.
public struct SizeOutOfRange: Error, Hashable, Sendable, CustomStringConvertible {
  /// The scenario's name.
  public var scenario: String
  /// The size asked for.
  public var size: Int
  /// The sizes the scenario takes, as ``BenchmarkScenario/sizesTaken`` says them.
  public var allowed: String

  /// Creates the error.
  public init(scenario: String, size: Int, allowed: String) {
    self.scenario = scenario
    self.size = size
    self.allowed = allowed
  }

  /// One line for the user.
  public var description: String {
    "size \(size) is not one \(scenario) takes (\(allowed))"
  }
}
