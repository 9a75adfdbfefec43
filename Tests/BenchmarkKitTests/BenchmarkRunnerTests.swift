import BenchmarkKit
import Foundation
import Synchronization
import Testing

@Suite("BenchmarkRunner")
struct BenchmarkRunnerTests {
  /// Runs fast enough for a debug test: few, short samples.
  static let configuration = RunConfiguration(
    samples: 6, minimumSamples: 3, passes: 2, targetSampleNs: 200_000, warmUpNs: 200_000, timeBudgetSeconds: nil,
    bootstrapResamples: 50)

  /// Records the order in which cases are sampled, across threads.
  final class Log: Sendable {
    let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
  }

  static func suite(
    strategies: [String] = ["a", "b"], expected: Double? = nil, perOperation: Int = 1,
    log: Log = Log(), isolation: Bool = false, throwing: Set<String> = []
  ) -> BenchmarkSuite {
    let scenario = BenchmarkScenario(name: "count", summary: "bumps a counter", strategies: strategies) {
      strategy, _ in
      if throwing.contains(strategy) { throw SelectionError("cannot build \(strategy)") }
      let counter = Mutex(0)
      let actor = isolation ? Worker() : nil
      return PreparedCase(
        run: { iterations in
          if iterations > 0 { log.append(strategy) }
          for _ in 0..<iterations {
            counter.withLock { $0 += perOperation }
          }
        },
        notifications: { counter.withLock { $0 } },
        expectedNotificationsPerOperation: expected,
        isolation: actor.map { PreparedCase.isolation(of: $0) }
      )
    }
    return BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])
  }

  actor Worker {}

  private func run(_ suite: BenchmarkSuite, configuration: RunConfiguration = configuration) throws -> BenchmarkRun {
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let runner = BenchmarkRunner(configuration: configuration)
    var run = runner.run(plan, environment: .current())
    runner.evaluateChecks(of: &run, plan: plan)
    return run
  }

  @Test func run_measuresEveryCase_withStatisticsAndNotifications() throws {
    let run = try run(Self.suite())
    #expect(run.cases.map(\.strategy) == ["a", "b"])
    for result in run.cases {
      #expect(result.samples.count == 6)
      #expect(result.elapsedNs.count == 6)
      #expect(result.iterations >= 1)
      #expect(result.statistics?.count == 6)
      #expect(result.notificationsPerOperation == 1)
      #expect(result.failure == nil)
    }
    #expect(run.settings.loopOverheadNs.isFinite)
  }

  @Test func run_givesEveryStrategyATurnEachRound_warmUpThenTwoSamples_inAShuffledOrder() throws {
    let log = Log()
    let strategies = ["a", "b", "c", "d"]
    var configuration = Self.configuration
    configuration.samples = 12
    configuration.passes = 1
    // Never met: every case takes all 12 samples, in 6 turns.
    configuration.precision = -1
    let run = try run(Self.suite(strategies: strategies, log: log), configuration: configuration)
    // The last 5 of the 6 rounds of turns are sampling only (calibration, and a
    // first sample re-timed in the first turn, come before): each round is every
    // strategy's turn once, in its own order, and each turn is three runs of the
    // case (its warm-up and two samples) with no other case between them.
    let turnRounds = stride(from: log.all.count - 60, to: log.all.count, by: 12).map { Array(log.all[$0..<$0 + 12]) }
    var orders = Set<[String]>()
    for entries in turnRounds {
      let turns = stride(from: 0, to: 12, by: 3).map { Array(entries[$0..<$0 + 3]) }
      for turn in turns { #expect(Set(turn).count == 1, "another case ran inside a turn: \(entries)") }
      let order = turns.map { $0[0] }
      #expect(order.sorted() == strategies)
      orders.insert(order)
    }
    #expect(orders.count > 1, "every round in the same order: a case always follows the same neighbour")
    // A turn's two samples are two rounds, so pairs meet by (pass, round); the
    // warm-ups are no samples.
    for result in run.cases {
      #expect(result.samples.count == 12)
      #expect(result.sampleRounds == Array(0..<12))
    }
  }

  @Test func run_ofAConfigurationWrittenBeforeTurns_takesOneSampleATurn_withoutWarmUp() throws {
    let log = Log()
    var configuration = Self.configuration
    configuration.samples = 6
    configuration.passes = 1
    configuration.precision = -1
    configuration.samplesPerTurn = nil
    let run = try run(Self.suite(log: log), configuration: configuration)
    // The last 4 of the 6 rounds: one run of each strategy a round.
    let rounds = stride(from: log.all.count - 8, to: log.all.count, by: 2).map { Array(log.all[$0..<$0 + 2]) }
    for round in rounds { #expect(round.sorted() == ["a", "b"]) }
    #expect(run.settings.samplesPerTurn == nil)
    #expect(run.cases.allSatisfy { $0.sampleRounds == Array(0..<6) })
  }

  @Test func shuffled_isAPermutation_fixedBySeed_andVariesWithIt() {
    let items = Array(0..<20)
    var first = SplitMix64(seed: 1)
    var again = SplitMix64(seed: 1)
    var other = SplitMix64(seed: 2)
    let shuffled = BenchmarkRunner.shuffled(items, using: &first)
    #expect(shuffled.sorted() == items)
    #expect(shuffled == BenchmarkRunner.shuffled(items, using: &again))
    #expect(shuffled != BenchmarkRunner.shuffled(items, using: &other))
    #expect(shuffled != items)
  }

  @Test func run_ofACaseOfRoundsOfTwo_runsWholeRoundsOnly_andOneRoundWhenItOutlastsASample() throws {
    // A fast round (counts of every size are asked for) and one that alone
    // outlasts a sample (its count can only be one round).
    let counts = Log()
    let scenario = BenchmarkScenario(name: "pairs", summary: "alternates", strategies: ["fast", "slow"]) {
      strategy, _ in
      let counter = Mutex(0)
      var prepared = PreparedCase(run: { iterations in
        counts.append("\(strategy) \(iterations)")
        for _ in 0..<iterations {
          if strategy == "slow" { usleep(300) }
          counter.withLock { $0 += 1 }
        }
      })
      prepared.iterationMultiple = 2
      return prepared
    }
    let run = try run(BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario]))
    let asked = counts.all.map { $0.split(separator: " ") }
    #expect(!asked.isEmpty)
    for entry in asked {
      #expect(Int(entry[1])! % 2 == 0, "\(entry.joined(separator: " ")): not a whole number of rounds")
    }
    #expect(asked.contains { $0[0] == "fast" && Int($0[1])! > 2 }, "the fast case never ran more than one round")
    let fast = try #require(run.cases.first { $0.strategy == "fast" })
    let slow = try #require(run.cases.first { $0.strategy == "slow" })
    #expect(fast.iterations % 2 == 0 && fast.iterations > 2)
    #expect(slow.iterations == 2)
    #expect(slow.outlastsSample == true)
  }

  @Test func run_preparesTheCasesInAnotherOrderEachPass() throws {
    let prepared = Log()
    let strategies = ["a", "b", "c", "d", "e"]
    let scenario = BenchmarkScenario(name: "count", summary: "bumps a counter", strategies: strategies) {
      strategy, _ in
      prepared.append(strategy)
      let counter = Mutex(0)
      return PreparedCase(run: { iterations in for _ in 0..<iterations { counter.withLock { $0 += 1 } } })
    }
    var configuration = Self.configuration
    configuration.passes = 3
    let plan = try BenchmarkPlan(
      registry: [BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: .current())
    let passes = stride(from: 0, to: 15, by: 5).map { Array(prepared.all[$0..<$0 + 5]) }
    for pass in passes { #expect(pass.sorted() == strategies) }
    #expect(Set(passes).count > 1, "every pass prepared in the same order: the last case always lands last")
    // Results stay in the scenario's order whatever the order of preparation.
    #expect(run.cases.map(\.strategy) == strategies)
  }

  @Test func run_ofACaseTimingSingleOperations_keepsTheLatenciesOfEveryKeptSample_ofEveryPass() throws {
    let scenario = BenchmarkScenario(name: "probe", summary: "times each operation", strategies: ["a", "b"]) {
      strategy, _ in
      let recorded = Mutex(LatencyHistogram())
      return PreparedCase(
        run: { iterations in
          recorded.withLock { for _ in 0..<iterations { $0.record(40) } }
        },
        latencies: strategy == "a"
          ? { recorded.withLock { histogram in
            defer { histogram = LatencyHistogram() }
            return histogram
          } } : nil)
    }
    let suite = BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario])
    // One pass: a later pass may re-time its first sample to another count.
    var onePass = Self.configuration
    onePass.passes = 1
    let single = try run(suite, configuration: onePass)
    let probe = try #require(single.cases.first { $0.strategy == "a" })
    let latency = try #require(probe.latency)
    // Calibration and warm-up ran operations too: only the samples' are kept.
    #expect(latency.count == UInt64(probe.samples.count * probe.iterations))
    #expect(latency.percentile(0.999) == 40 && latency.maxNs == 40 && latency.slowCount == 0)
    #expect(single.cases.first { $0.strategy == "b" }?.latency == nil)
    // Two passes merge into one histogram holding both passes' samples.
    let merged = try run(suite)
    let both = try #require(merged.cases.first { $0.strategy == "a" }?.latency)
    #expect(both.count >= UInt64(merged.cases.first { $0.strategy == "a" }!.samples.count))
    #expect(both.maxNs == 40)
  }

  /// A case that measures the memory its things hold keeps each pass's
  /// measurement (the median pass's held bytes, the most any pass left), and
  /// fails when its fixture left more behind than a cache's slack.
  @Test func run_ofACaseMeasuringHeldMemory_keepsTheMedianPass_andFailsOneThatLeaves() throws {
    let calls = Mutex(0)
    let scenario = BenchmarkScenario(name: "hold", summary: "holds n things", strategies: ["tidy", "leaky"]) {
      strategy, _ in
      PreparedCase(
        run: { iterations in blackHole(iterations) },
        footprint: {
          let call = calls.withLock { count in
            count += 1
            return count
          }
          // 1 000 things of about 800 bytes; the leaky fixture keeps half of them.
          return HeldMemory(
            items: 1_000, heldBytes: 800_000 + Double(call % 2) * 640, leftBytes: strategy == "leaky" ? 400_000 : 0)
        })
    }
    let run = try run(BenchmarkSuite(name: "test", summary: "test", scenarios: [scenario]))
    let tidy = try #require(run.cases.first { $0.strategy == "tidy" })
    let held = try #require(tidy.heldMemory)
    #expect(tidy.failure == nil)
    #expect(held.items == 1_000 && held.leftBytes == 0)
    #expect(held.bytesPerItem >= 800 && held.bytesPerItem <= 800.64)
    let leaky = try #require(run.cases.first { $0.strategy == "leaky" })
    #expect(leaky.failure?.contains("left 400000 bytes behind after freeing its 1000 things") == true)
    #expect(HeldMemory.merging([]) == nil)
    let merged = HeldMemory.merging([
      HeldMemory(items: 10, heldBytes: 30, leftBytes: 0), HeldMemory(items: 10, heldBytes: 10, leftBytes: 5),
      HeldMemory(items: 10, heldBytes: 20, leftBytes: 1),
    ])
    #expect(merged == HeldMemory(items: 10, heldBytes: 20, leftBytes: 5))
  }

  @Test func run_whenNotificationsDifferFromExpected_failsTheCaseLoudly() throws {
    let run = try run(Self.suite(expected: 1, perOperation: 2))
    for result in run.cases {
      #expect(result.statistics == nil)
      #expect(result.failure?.contains("expected 1.0 notifications per operation, measured 2.0") == true)
    }
    #expect(run.failures.count == 2)
  }

  @Test func run_whenNotificationsMatch_passes() throws {
    let run = try run(Self.suite(expected: 1))
    #expect(run.failures.isEmpty)
  }

  @Test func run_whenSetUpThrows_recordsTheFailure_andMeasuresTheRest() throws {
    let run = try run(Self.suite(throwing: ["a"]))
    #expect(run.cases.map(\.strategy) == ["a", "b"])
    #expect(run.cases[0].failure?.contains("cannot build a") == true)
    #expect(run.cases[1].statistics != nil)
  }

  @Test func run_withIsolation_runsTheTimingInsideTheActor() throws {
    let run = try run(Self.suite(isolation: true))
    #expect(run.failures.isEmpty)
    #expect(run.cases.allSatisfy { $0.samples.count == 6 })
  }

  @Test func run_whenBudgetIsTiny_keepsTheMinimumSamples() throws {
    var configuration = Self.configuration
    configuration.samples = 50
    configuration.timeBudgetSeconds = 0.001
    let run = try run(Self.suite(), configuration: configuration)
    #expect(run.cases.allSatisfy { $0.passSampleCounts == [3, 3] })
  }

  @Test(.enabled(if: AllocationCounter.shared != nil))
  func run_countsAllocationsPerOperation() throws {
    let scenario = BenchmarkScenario(name: "allocate", summary: "one object", strategies: ["x"]) { _, _ in
      PreparedCase(run: { iterations in
        for index in 0..<iterations {
          blackHole(AllocationCounterTests.Node(index))
        }
      })
    }
    let run = try run(BenchmarkSuite(name: "alloc", summary: "alloc", scenarios: [scenario]))
    let result = try #require(run.cases.first)
    let allocations = try #require(result.allocationsPerOperation)
    // Request counts are process-wide and other tests allocate in parallel: the
    // exact count is AllocationCounterTests' job; here it must be seen at all.
    #expect(allocations >= 1 && allocations < 1.5)
    #expect(result.bytesPerOperation == 32)
  }

  @Test func run_whenCheckThrows_recordsItAsFailed() throws {
    var suite = Self.suite()
    suite.checks = [SuiteCheck(name: "broken", summary: "throws") { _ in throw SelectionError("boom") }]
    let check = try #require(try run(suite).checks.first)
    #expect(check.note == "could not run: boom")
    #expect(check.failed)
  }

  @Test func run_evaluatesSuiteChecks() throws {
    var suite = Self.suite()
    suite.checks = [
      SuiteCheck(name: "has-a", summary: "a ran") { context in
        let median = try #require(context.result(scenario: "count", strategy: "a")?.statistics?.median)
        return CheckOutcome(passed: true, measured: median, expected: 0, detail: "ok")
      },
      SuiteCheck(name: "skipped", summary: "never applies") { _ in nil },
      SuiteCheck(name: "cannot-judge", summary: "needs something missing") { _ in throw CheckSkipped("no counter") },
    ]
    let run = try run(suite)
    #expect(run.checks.map(\.name) == ["has-a", "skipped", "cannot-judge"])
    #expect(run.checks[0].outcome?.passed == true)
    #expect(run.checks[1].note == CheckResult.skippedNote)
    #expect(run.checks[2].note == "skipped: no counter")
    #expect(run.checks[1].isSkipped && run.checks[2].isSkipped)
    #expect(run.checks.allSatisfy { !$0.failed })
  }
}

@Suite("Calibration check")
struct CalibrationCheckTests {
  @Test func run_whenSamplesHitTheirTarget_notesNothing() throws {
    let suite = BenchmarkSuite(
      name: "calibrated", summary: "s",
      scenarios: [
        BenchmarkScenario(name: "spin", summary: "s", strategies: ["a"]) { _, _ in
          PreparedCase(run: { iterations in
            var value: UInt64 = 1
            for _ in 0..<iterations { value = opaque(value &* 3 &+ 1) }
            blackHole(value)
          })
        }
      ])
    let configuration = RunConfiguration(
      samples: 6, minimumSamples: 3, targetSampleNs: 2_000_000, warmUpNs: 1_000_000, timeBudgetSeconds: nil)
    let plan = try BenchmarkPlan(registry: [suite], selection: BenchmarkSelection())
    let run = BenchmarkRunner(configuration: configuration).run(plan, environment: RunEnvironment.current())
    let result = try #require(run.cases.first)
    // Each pass's samples' typical length is what calibration aimed at, within
    // 2×, unless the machine stole most of them in that pass; the note then says
    // so in ms. Each pass judges its own samples, and the run keeps every pass's
    // note. (The median as the note takes it: of an even count, the mean of the
    // middle two.)
    let elapsed = result.elapsedNs.map { Double($0) }
    let typical = PassSpread.passes(of: elapsed, counts: result.passSampleCounts).compactMap {
      Statistics.median(Array($0))
    }
    #expect(!typical.isEmpty)
    if typical.allSatisfy({ $0 >= 1_000_000 && $0 <= 4_000_000 }) {
      #expect(result.calibrationNote == nil)
    } else {
      #expect(result.calibrationNote?.contains("ms against a 2.0 ms target") == true)
    }
  }
}
