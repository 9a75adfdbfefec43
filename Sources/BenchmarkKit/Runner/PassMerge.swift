/// Passes merged into one run.
///
/// A second run differs from the first in more than the machine's state: the
/// process starts afresh, its stack and heap land elsewhere, lazily built tables
/// are built in another order. Samples of one process cannot show that spread,
/// so a run measures each pass on its own (``BenchmarkRunner/measurePass(_:pass:of:environment:)``,
/// in a child process of its own under `obsbench run`) and merges them here:
/// samples concatenated in pass order, ``CaseResult/passSampleCounts`` and
/// ``CaseResult/sampleRounds`` recording where each came from, the statistics and
/// both components of the uncertainty computed once over all of them
/// (``CaseResult/summarise(resamples:seed:)``).
extension BenchmarkRunner {
  /// One run of `plan` from `passes`, each a run of the whole plan with its
  /// share of the samples, in pass order. Checks are not evaluated here.
  ///
  /// A case missing from a pass (a pass that stopped early) keeps the passes it
  /// has, the missing one counted as a pass of no samples; a case that failed in
  /// any pass is failed.
  public func merge(
    _ passes: [BenchmarkRun], plan: BenchmarkPlan, environment: RunEnvironment,
    durationSeconds: Double, backgroundLoadCores: Double?, stealCores: Double? = nil
  ) -> BenchmarkRun {
    let byKey = passes.map { run in Dictionary(run.cases.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
    var cases = [CaseResult]()
    for group in plan.groups {
      for strategy in group.strategies {
        let key = CaseKey(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
        let measured = byKey.map { $0[key] }
        guard measured.contains(where: { $0 != nil }) else { continue }
        cases.append(
          CaseResult.merging(measured, resamples: configuration.bootstrapResamples, seed: configuration.seed))
      }
    }
    let overheads = passes.map(\.settings.loopOverheadNs)
    var run = assemble(
      plan, cases: RerunShift.widen(cases), environment: environment,
      loopOverheadNs: overheads.reduce(0, +) / Double(max(overheads.count, 1)))
    run.settings.durationSeconds = durationSeconds
    run.settings.backgroundLoadCores = backgroundLoadCores
    run.settings.stealCores = stealCores
    run.settings.noiseScore = RunSettings.noiseScore(of: run.cases)
    run.settings.passes = passes.count
    // How the passes' own processes sampled: an A/B run's baseline build from
    // before turns records none, whatever this build asked for.
    if let first = passes.first { run.settings.samplesPerTurn = first.settings.samplesPerTurn }
    return run
  }
}

extension CaseResult {
  /// The case measured in each of `passes` (the same case, in pass order; `nil`
  /// where a pass has no result for it), as one: samples, rounds and per-sample
  /// counters concatenated, statistics and uncertainty over all of them.
  ///
  /// The loop cost subtracted differs a little per pass (each process measured
  /// its own); the record keeps their mean, and ``loopUncertaintyNs`` the widest
  /// of the passes' uncertainty of it. Figures published for a single pass are
  /// dropped: the merged run publishes its own.
  public static func merging(_ passes: [CaseResult?], resamples: Int, seed: UInt64) -> CaseResult {
    let present = passes.compactMap { $0 }
    guard var merged = present.first else { preconditionFailure("merging no passes") }
    merged.published = nil
    if let failed = present.first(where: { $0.failure != nil }) {
      var result = failed
      result.passSampleCounts = nil
      result.sampleRounds = nil
      result.sampleStackOffsets = nil
      result.published = nil
      return result
    }
    merged.samples = present.flatMap(\.samples)
    merged.elapsedNs = present.flatMap(\.elapsedNs)
    merged.passSampleCounts = passes.map { $0?.samples.count ?? 0 }
    merged.sampleRounds = concatenated(present.map(\.sampleRounds))
    merged.sampleStackOffsets = concatenated(present.map(\.sampleStackOffsets))
    merged.allocationSamples = concatenated(present.map(\.allocationSamples))
    merged.byteSamples = concatenated(present.map(\.byteSamples))
    merged.notificationSamples = concatenated(present.map(\.notificationSamples))
    let latencies = present.compactMap(\.latency)
    merged.latency = latencies.isEmpty ? nil : LatencyHistogram(merging: latencies)
    merged.heldMemory = HeldMemory.merging(present.compactMap(\.heldMemory))
    merged.allocationsPerOperation = merged.allocationSamples.flatMap(Statistics.median)
    merged.bytesPerOperation = merged.byteSamples.flatMap(Statistics.median)
    // Notifications over all operations of all passes: weigh each pass's rate by
    // its operations.
    var notified = 0.0
    var operations = 0.0
    for pass in present {
      guard let rate = pass.notificationsPerOperation else { continue }
      let count = Double(pass.samples.count * pass.iterations * (pass.operationsPerIteration ?? 1))
      notified += rate * count
      operations += count
    }
    merged.notificationsPerOperation = operations > 0 ? notified / operations : nil
    let notes = present.compactMap(\.calibrationNote)
    merged.calibrationNote = notes.isEmpty ? nil : Array(Set(notes)).sorted().joined(separator: "; ")
    merged.outlastsSample = present.contains { $0.outlastsSample == true } ? true : nil
    let overheads = present.compactMap(\.loopOverheadNs)
    merged.loopOverheadNs = overheads.isEmpty ? nil : overheads.reduce(0, +) / Double(overheads.count)
    merged.loopUncertaintyNs = present.compactMap(\.loopUncertaintyNs).max()
    merged.summarise(resamples: resamples, seed: seed)
    return merged
  }

  private static func concatenated<T>(_ parts: [[T]?]) -> [T]? {
    parts.contains { $0 == nil } ? nil : parts.flatMap { $0 ?? [] }
  }
}
