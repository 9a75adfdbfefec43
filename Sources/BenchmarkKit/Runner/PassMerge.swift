/// Passes measured in processes of their own, merged into one run.
///
/// A second run differs from the first in more than the machine's state: the
/// process starts afresh, its stack and heap land elsewhere, lazily built tables
/// are built in another order. Samples of one process cannot show that spread,
/// so `obsbench run` measures each pass in a child process of its own
/// (``RunConfiguration/passes``) and merges them here: samples concatenated in
/// pass order, ``CaseResult/passSampleCounts`` recording where each pass's
/// begin, statistics recomputed over all of them, checks evaluated on the whole.
extension BenchmarkRunner {
  /// One run of `plan` from `passes`, each a run of the whole plan with its
  /// share of the samples, in pass order.
  ///
  /// A case missing from a pass (a pass that stopped early) keeps the passes it
  /// has; a case that failed in any pass is failed.
  public func merge(
    _ passes: [BenchmarkRun], plan: BenchmarkPlan, environment: RunEnvironment,
    durationSeconds: Double, backgroundLoadCores: Double?
  ) -> BenchmarkRun {
    let byKey = passes.map { run in Dictionary(run.cases.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first }) }
    var cases = [CaseResult]()
    for group in plan.groups {
      for strategy in group.strategies {
        let key = CaseKey(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
        let measured = byKey.compactMap { $0[key] }
        guard !measured.isEmpty else { continue }
        cases.append(
          CaseResult.merging(measured, resamples: configuration.bootstrapResamples, seed: configuration.seed))
      }
    }
    let loopOverhead = passes.map(\.settings.loopOverheadNs).reduce(0, +) / Double(max(passes.count, 1))
    var run = assemble(plan, cases: cases, environment: environment, loopOverheadNs: loopOverhead)
    run.settings.durationSeconds = durationSeconds
    run.settings.backgroundLoadCores = backgroundLoadCores
    return run
  }
}

extension CaseResult {
  /// The case measured in each of `passes` (the same case, in pass order), as one:
  /// samples and per-sample counters concatenated, statistics over all of them.
  ///
  /// The loop cost subtracted differs a little per pass (each process measured
  /// its own); the record keeps their mean, and ``uncertaintyNs`` the widest of
  /// the passes' own uncertainty of it.
  public static func merging(_ passes: [CaseResult], resamples: Int, seed: UInt64) -> CaseResult {
    guard var merged = passes.first else { preconditionFailure("merging no passes") }
    guard passes.count > 1 else { return merged }
    if let failed = passes.first(where: { $0.failure != nil }) {
      var result = failed
      result.passSampleCounts = nil
      return result
    }
    merged.samples = passes.flatMap(\.samples)
    merged.elapsedNs = passes.flatMap(\.elapsedNs)
    merged.passSampleCounts = passes.map(\.samples.count)
    merged.allocationSamples = Self.concatenated(passes.map(\.allocationSamples))
    merged.byteSamples = Self.concatenated(passes.map(\.byteSamples))
    merged.notificationSamples = Self.concatenated(passes.map(\.notificationSamples))
    merged.allocationsPerOperation = merged.allocationSamples.flatMap(Statistics.median)
    merged.bytesPerOperation = merged.byteSamples.flatMap(Statistics.median)
    // Notifications over all operations of all passes: weigh each pass's rate by
    // its operations.
    var notified = 0.0
    var operations = 0.0
    for pass in passes {
      guard let rate = pass.notificationsPerOperation else { continue }
      let count = Double(pass.samples.count * pass.iterations * (pass.operationsPerIteration ?? 1))
      notified += rate * count
      operations += count
    }
    merged.notificationsPerOperation = operations > 0 ? notified / operations : nil
    let notes = passes.compactMap(\.calibrationNote)
    merged.calibrationNote = notes.isEmpty ? nil : Array(Set(notes)).sorted().joined(separator: "; ")
    let overheads = passes.compactMap(\.loopOverheadNs)
    merged.loopOverheadNs = overheads.isEmpty ? nil : overheads.reduce(0, +) / Double(overheads.count)
    merged.statistics = Statistics(
      merged.samples, resamples: resamples, seed: SplitMix64.seed(for: merged.displayName, base: seed))
    if let statistics = merged.statistics {
      // What each pass's uncertainty held beyond its loop cost and its own median's
      // interval is the uncertainty of its loop-cost estimate; keep the widest.
      let loopUncertainty = passes.compactMap { pass -> Double? in
        guard let uncertainty = pass.uncertaintyNs, let own = pass.statistics else { return nil }
        return max(0, uncertainty - (pass.loopOverheadNs ?? 0) - (own.ciHigh - own.ciLow) / 2)
      }.max() ?? 0
      merged.uncertaintyNs =
        (merged.loopOverheadNs ?? 0) + loopUncertainty + (statistics.ciHigh - statistics.ciLow) / 2
    } else {
      merged.uncertaintyNs = nil
    }
    return merged
  }

  private static func concatenated(_ parts: [[Double]?]) -> [Double]? {
    parts.contains { $0 == nil } ? nil : parts.flatMap { $0 ?? [] }
  }
}
