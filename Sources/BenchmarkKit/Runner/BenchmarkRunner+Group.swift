extension BenchmarkRunner {
  /// Prepares the group's cases (calibrating them, or adopting the first pass's
  /// counts), takes their samples round by round, tears them down, and returns
  /// their results in the scenario's strategy order.
  func measure(
    _ group: BenchmarkPlan.Group, pass: Int, shareNs: Double?, fallbackOverhead: Double
  ) -> [CaseResult] {
    let groupStart = MonotonicClock.now()
    // Each pass prepares the group's cases in an order of its own and each round
    // samples them in another: where a case's memory lands follows what was
    // allocated before it, and a case always prepared last or always sampled
    // after the same neighbour would keep whatever that cost or saved in every
    // pass. Shuffled from the run's seed, which is new for every run, that
    // becomes spread between passes and between runs, which the intervals carry.
    var order = SplitMix64(
      seed: SplitMix64.seed(
        for: "\(group.suite)/\(group.scenario.name)[\(group.size)]#\(pass)", base: configuration.seed))
    var samplers = [(index: Int, sampler: CaseSampler)]()
    var finished = [Int: CaseResult]()
    for (index, strategy) in Self.shuffled(Array(group.strategies.enumerated()), using: &order) {
      let result = CaseResult(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
      do {
        let prepared = try group.scenario.prepare(strategy: strategy, size: group.size)
        let sampler = CaseSampler(result: result, prepared: prepared, counter: AllocationCounter.shared)
        sampler.fault = configuration.fault
        if let iterations = configuration.calibratedIterations?[result.key] {
          sampler.adopt(iterations: iterations, warmUpNs: configuration.warmUpNs / 4)
        } else {
          sampler.calibrate(targetNs: configuration.targetSampleNs, warmUpNs: configuration.warmUpNs)
        }
        samplers.append((index, sampler))
      } catch {
        var failed = result
        failed.failure = "set-up failed\(pass > 1 ? " in pass \(pass)" : ""): \(error)"
        finished[index] = failed
      }
    }

    // A reference loop of each shape takes a sample each round beside the cases,
    // so the overhead subtracted from them is measured under the same conditions.
    let shapes = Set(
      samplers.map(\.sampler.operationsPerIteration) + (configuration.fault == .referenceShapeIgnored ? [1] : []))
    var references = [Int: CaseSampler]()
    for shape in shapes {
      references[shape] = LoopOverhead.sampler(configuration: configuration, operationsPerIteration: shape)
    }
    // Where the run spreads its samples over stack placements, each sample's
    // is drawn from a generator of its own, so the order above is the same
    // with or without them.
    var placements = configuration.stackPlacements.map {
      StackPlacement.Draw(
        count: $0,
        seed: SplitMix64.seed(
          for: "\(group.suite)/\(group.scenario.name)[\(group.size)]#\(pass)/stack", base: configuration.seed))
    }
    let minimum = configuration.minimumSamples
    let maximum = configuration.maximumSamplesPerPass
    // A turn spans as many rounds as it takes samples, so that a pair of
    // strategies' samples still meet by (pass, round): the k-th of one turn
    // beside the k-th of the other's turn in the same round of turns.
    let perTurn = max(1, configuration.samplesPerTurn ?? 1)
    var turn = 0
    while true {
      // Every case takes its minimum; beyond it, the cases whose median is not yet
      // known to the precision asked for, while the group's share lasts.
      let withinShare = shareNs.map { Double(MonotonicClock.now() &- groupStart) < $0 } ?? true
      let needsMore = { (sampler: CaseSampler) in
        sampler.sampleCount < minimum
          || (withinShare && sampler.sampleCount < maximum && sampler.relativeHalfWidth > configuration.precision)
      }
      let active = samplers.filter { needsMore($0.sampler) }
      guard !active.isEmpty else { break }
      for (_, sampler) in Self.shuffled(active, using: &order) {
        // The warm-up puts the case's own memory back in the caches the cases
        // sampled before it used, so the samples after it time the case and
        // not what its neighbours left.
        if configuration.warmsUpEachTurn { sampler.warmUp() }
        // A turn ends early once its case needs no more samples.
        for slot in 0..<perTurn where slot == 0 || needsMore(sampler) {
          let round = turn * perTurn + slot
          sampler.sample(round: round, stackOffset: placements?.next())
          // A first sample that missed its target is re-timed: a later pass's
          // process may run the count the first pass found at half or twice the speed.
          if sampler.recalibrateIfMissed(targetNs: configuration.targetSampleNs) {
            sampler.sample(round: round, stackOffset: placements?.next())
          }
        }
      }
      for shape in shapes.sorted() {
        references[shape]?.sample(round: turn * perTurn, stackOffset: placements?.next())
      }
      turn += 1
    }
    var round = turn * perTurn
    // The loop cost subtracted from every case of the group is the references'
    // median: a few more samples than a precise group's 3 rounds, so that one
    // pre-empted reference sample does not move every case.
    for shape in shapes.sorted() {
      while let reference = references[shape], reference.sampleCount < Self.minimumReferenceSamples {
        reference.sample(round: round, stackOffset: placements?.next())
        round += 1
      }
    }
    let fallback = LoopOverhead.Estimate(perOperationNs: fallbackOverhead, uncertaintyNs: 0)
    for (index, sampler) in samplers {
      let shape = configuration.fault == .referenceShapeIgnored ? 1 : sampler.operationsPerIteration
      let overhead = references[shape].map { LoopOverhead.estimate(from: $0, configuration: configuration) } ?? fallback
      finished[index] = sampler.finish(
        overhead: overhead, targetNs: configuration.targetSampleNs,
        resamples: configuration.bootstrapResamples, seed: configuration.seed,
        measuresFootprint: pass == 1)
    }
    return group.strategies.indices.compactMap { finished[$0] }
  }

  /// The fewest samples a group's reference loop of each shape takes in a pass.
  static let minimumReferenceSamples = 9

  /// `items` in a random order drawn from `generator` (Fisher–Yates), the same
  /// for the same seed whatever the standard library's shuffle does.
  public static func shuffled<T>(_ items: [T], using generator: inout SplitMix64) -> [T] {
    var items = items
    for i in stride(from: items.count - 1, to: 0, by: -1) {
      items.swapAt(i, generator.nextIndex(below: i + 1))
    }
    return items
  }
}
