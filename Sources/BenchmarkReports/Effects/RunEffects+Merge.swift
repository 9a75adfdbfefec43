import BenchmarkKit

extension RunEffects {
  /// The effects of runs merged into one (``BenchmarkRun/merging(_:)``): every
  /// case effect, a later run's replacing an earlier one's for the same suite,
  /// scenario, size and choice; a suite held by one run keeps the summary that
  /// run stored, a suite spread over several is summarised again from the case
  /// effects kept (``EffectAnalysis/summaries(of:)``). Nothing is measured again:
  /// every pair was paired within its own run. `nil` when no run has effects.
  public static func merging(_ effects: [RunEffects?]) -> RunEffects? {
    let present = effects.compactMap { $0 }
    guard present.count > 1 else { return present.first }
    var order = [Key]()
    var cases = [Key: CaseEffect]()
    var runsBySuite = [String: Int]()
    for run in present {
      for suite in Set(run.cases.map(\.suite)).union(run.suites.map(\.suite)) { runsBySuite[suite, default: 0] += 1 }
      for effect in run.cases {
        let key = Key(suite: effect.suite, scenario: effect.scenario, size: effect.size, choice: effect.choice)
        if cases[key] == nil { order.append(key) }
        cases[key] = effect
      }
    }
    let merged = order.compactMap { cases[$0] }
    let shared = Set(runsBySuite.filter { $0.value > 1 }.keys)
    let kept = present.flatMap(\.suites).filter { !shared.contains($0.suite) }
    let again = EffectAnalysis.summaries(of: merged.filter { shared.contains($0.suite) })
    var suiteOrder = [String]()
    for suite in merged.map(\.suite) + kept.map(\.suite) where !suiteOrder.contains(suite) { suiteOrder.append(suite) }
    let suites = suiteOrder.flatMap { suite in (kept + again).filter { $0.suite == suite } }
    return RunEffects(cases: merged, suites: suites)
  }

  private struct Key: Hashable {
    var suite: String
    var scenario: String
    var size: Int
    var choice: String
  }
}
