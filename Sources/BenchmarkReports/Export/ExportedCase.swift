import BenchmarkKit
import Foundation

/// One measured case as the trend-store exports see it: a stable name and the
/// figures the run published for it.
///
/// Every export takes its cases from here so that all of them skip the same
/// failed cases, name cases alike (`suite/scenario[size] strategy`, stable across
/// runs) and publish the same figures — a bound where the run could not resolve
/// a time, never a made-up number. A case whose instructions were counted is
/// exported even without a time (`run --metric instructions`): its count is
/// its measurement.
struct ExportedCase {
  /// The case as measured.
  var result: CaseResult
  /// What the run published for its time: values or bounds, ratio to `apple`;
  /// `nil` for a case that was only counted.
  var published: PublishedFigures?
  /// The form the case's scenario declares, if any: whether its ratio to
  /// `apple` compares each side's own API form (idiomatic) or one form.
  var form: ScenarioForm?

  /// `suite/scenario[size] strategy`: the case's name in every store, stable
  /// across runs because it is made of the ids that key baselines.
  var name: String { result.key.description }

  /// The cases of `run` that have a valid measurement: published figures of a
  /// time, or an instruction count; in run order.
  static func cases(of run: BenchmarkRun) -> [ExportedCase] {
    run.cases.compactMap { result in
      guard result.failure == nil, result.published != nil || result.instructionsPerOperation?.isFinite == true
      else { return nil }
      return ExportedCase(
        result: result, published: result.published, form: run.form(suite: result.suite, scenario: result.scenario))
    }
  }

  /// The commit the run measured: the one its binary was built from when recorded,
  /// else the HEAD of the folder it ran in.
  static func commit(of run: BenchmarkRun) -> String {
    if let built = run.environment.buildCommit, !built.isEmpty, built != "unknown" { return built }
    return run.environment.gitCommit
  }

  /// `value` rounded to `digits` decimals, as the nearest `Double`, so JSON
  /// writes `3.1` rather than `3.0999999999999996`.
  static func rounded(_ value: Double, digits: Int = 3) -> Double {
    Double(String(format: "%.\(digits)f", value)) ?? value
  }
}
