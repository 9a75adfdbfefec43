import BenchmarkKit

extension BenchmarkRun {
  /// The run with ``CaseResult/published`` filled in for the cases that lack it,
  /// every other case's figures kept as they are, and ``BenchmarkRun/effects``
  /// derived when the run has none.
  ///
  /// Report writers read only the published figures, so a run read from a file
  /// written before they were stored needs them first. Figures a file holds are
  /// never recomputed: they are what that run printed. A case that cannot
  /// publish (failed, no statistics) stays without.
  ///
  /// The figures that compare cases (``Publication/publishComparisons(_:)``) came
  /// later: a run that holds none of them gets them, from the figures it holds.
  /// Effects, too, are read as stored; a file written before runs stored them
  /// gets them derived here, as its run would have, and one whose suite
  /// summaries lack the median case gets those summarised again from its
  /// stored case effects.
  ///
  /// - Complexity: One ``Publication/publishCases(_:)`` of the cases without figures
  ///   and their `apple` cases, the comparisons when the run holds none, and one
  ///   ``EffectAnalysis/effects(of:)`` when the run has no effects; nothing when
  ///   it has them all.
  public func publishingMissingFigures() -> BenchmarkRun {
    var run = publishingMissingCaseFigures()
    let compared = run.cases.contains { $0.published?.versusCheapest != nil || $0.published?.overheadNs != nil }
    if !compared { run = Publication.publishComparisons(run) }
    if run.effects == nil { run.effects = EffectAnalysis.effects(of: run) }
    // Suite summaries written before they held the median case are summarised
    // again from the case effects the file keeps: nothing is measured again.
    if let effects = run.effects, effects.suites.contains(where: { $0.median == nil && $0.cases > 0 }) {
      run.effects?.suites = EffectAnalysis.summaries(of: effects.cases)
    }
    return run
  }

  private func publishingMissingCaseFigures() -> BenchmarkRun {
    let missing = Set(cases.filter { $0.published == nil }.map(\.key))
    guard !missing.isEmpty else { return self }
    // A ratio is taken against the `apple` case beside it, so those go along.
    let shapes = Set(missing.map { ShapeKey(suite: $0.suite, scenario: $0.scenario, size: $0.size) })
    var part = self
    part.cases = cases.filter { result in
      missing.contains(result.key)
        || (result.strategy == ReferenceStrategy.apple
          && shapes.contains(ShapeKey(suite: result.suite, scenario: result.scenario, size: result.size)))
    }
    let figures = Dictionary(
      Publication.publishCases(part).cases.map { ($0.key, $0.published) }, uniquingKeysWith: { _, last in last })
    var run = self
    for index in run.cases.indices where run.cases[index].published == nil {
      run.cases[index].published = figures[run.cases[index].key] ?? nil
    }
    return run
  }
}

/// A case's suite, scenario and size: the cases of every strategy that are
/// measured side by side.
struct ShapeKey: Hashable {
  var suite: String
  var scenario: String
  var size: Int
}
