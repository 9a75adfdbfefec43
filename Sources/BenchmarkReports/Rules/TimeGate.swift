import BenchmarkKit

/// Which ratios between strategies a rule may gate on time: those that hold
/// from one host to the next.
///
/// Two kinds of case are no time gate, and `check` warns instead of failing on
/// them, `check --suggest` leaves them out:
/// - **A few nanoseconds** (either side's median under ``fewNanoseconds``): an
///   operation of a handful of instructions is timed by where its code and data
///   land, not by what it does. Between two hosts with the same CPU model the
///   core's untracked read against `apple` went from 0.021 to 0.046; a change
///   only in the reports module moved `reads/tracked-properties[62]` by +59%.
///   Their instruction counts (ci/instructions.txt) do not move, and gate them.
/// - **Contention** (the suites in ``contendedSuites``): threads racing for one
///   lock or actor are timed by the host's cores and scheduler; one thread
///   writing a store against `none` measured 7.6× on the reference host and
///   17.7–19.7× on another.
public enum TimeGate {
  /// The median under which a case's time is no gate: 10 ns.
  ///
  /// Over the reference run and two quick runs of a later build on its host,
  /// ratios whose smaller side took under 1 ns moved by up to 2.4× (95% within
  /// 1.71×), those of 1–10 ns and those above by up to 1.55× and 1.76× (95%
  /// within 1.35× and 1.37–1.51×); between hosts a sub-nanosecond read's ratio
  /// moved 2.2×. 10 ns stays an order of magnitude above the reads that broke
  /// their gates and below every suite's headline (50 ns and more both sides),
  /// and leaves out ratios to a `none` of 5–8 ns, which placement sets too.
  public static let fewNanoseconds = 10.0

  /// The suites whose cases measure contention.
  public static let contendedSuites: Set<String> = ["contention"]

  /// Why the time of `result` against `reference` is no gate across hosts, or
  /// `nil` when it is one.
  public static func exclusion(of result: CaseResult, against reference: CaseResult?) -> String? {
    if contendedSuites.contains(result.suite) {
      return "contention is timed by the host's cores and scheduler"
    }
    for side in [result] + (reference.map { [$0] } ?? []) {
      guard let median = side.medianFigure else { continue }
      switch median {
      case .value(let value) where value < fewNanoseconds, .below(let value) where value < fewNanoseconds:
        return
          "\(side.strategy) takes \(median.text) ns, under \(NumberFormat.fixed(fewNanoseconds, 0)) ns, where code "
            + "placement sets the time (instruction counts gate such operations)"
      default:
        continue
      }
    }
    return nil
  }
}

extension Figure {
  fileprivate var text: String {
    switch self {
    case .value(let value): NumberFormat.fixed(value)
    case .below(let bound): "< " + NumberFormat.fixed(bound)
    case .above(let bound): "> " + NumberFormat.fixed(bound)
    case .unresolved: "unresolved"
    }
  }
}
