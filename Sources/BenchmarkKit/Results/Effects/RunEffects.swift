/// What each strategy choice costs in one run: the effect of every axis and
/// refinement per case, and per suite.
///
/// The run's strategies form a factorial design (for observation: registrar,
/// scope and invalidation, each of two levels, plus refinements on top), so the
/// effect of one choice is read off matched pairs of strategies that differ in
/// that choice only. The harness derives these once, when the run publishes its
/// figures, and stores them in ``BenchmarkRun/effects`` so that every report and
/// `obsbench effects` print the same numbers. This type only holds them: which
/// choices exist and how the figures are built is the reports' business.
public struct RunEffects: Codable, Hashable, Sendable {
  /// Per suite, scenario, size and choice, in the order the run measured them.
  public var cases: [CaseEffect]
  /// Per suite and choice: the cases' effects summarised.
  public var suites: [SuiteEffect]

  /// Creates the effects of a run.
  public init(cases: [CaseEffect], suites: [SuiteEffect]) {
    self.cases = cases
    self.suites = suites
  }
}
