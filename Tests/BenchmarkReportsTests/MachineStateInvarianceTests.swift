import BenchmarkKit
import BenchmarkReports
import Testing

/// The between-run term: a whole run sitting in a slower or faster machine
/// state scales every case of it alike. The product applies that term to none
/// of the intervals it judges with, because each of them compares cases
/// measured in the same passes and rounds, where a common factor divides out:
/// these tests pin that it does, identically, in every consumer — ratios to
/// `apple`, the cheapest and its ties, the choices' effects and the floor
/// check — and that it moves only the absolute medians, by the factor itself.
@Suite("A machine-wide factor between runs")
struct MachineStateInvarianceTests {
  /// The matrix with planted effects and `none`, all well above resolution.
  static func cases() -> [CaseResult] {
    FactorialRun.cases(scenario: "render", strategies: FactorialRun.strategies + ["none"], seed: 11) { strategy in
      switch strategy {
      case "none": 0.5
      case "apple": 2.0
      default: (strategy.hasPrefix("actor") ? 1.4 : 1) * (strategy.contains("whole") ? 1.2 : 1)
      }
    }
  }

  /// `result` as the same process would have measured it on a machine `factor`
  /// times slower: every sample and the loop cost with its error scaled, then
  /// summarised again.
  static func scaled(_ result: CaseResult, by factor: Double) -> CaseResult {
    var scaled = result
    scaled.samples = result.samples.map { $0 * factor }
    scaled.elapsedNs = scaled.samples.map { UInt64(max(0, $0) * Double(result.iterations)) }
    scaled.loopOverheadNs = result.loopOverheadNs.map { $0 * factor }
    scaled.loopUncertaintyNs = result.loopUncertaintyNs.map { $0 * factor }
    scaled.summarise(resamples: 200, seed: 7)
    return scaled
  }

  static let factor = 1.15

  /// The matrix as measured, and as measured on a machine ×``factor`` slower;
  /// built once for every test (summarising is the slow part).
  static let measured: (BenchmarkRun, BenchmarkRun) = {
    let matrix = cases()
    return (FactorialRun.run(matrix), FactorialRun.run(matrix.map { scaled($0, by: factor) }))
  }()

  static func runs() -> (BenchmarkRun, BenchmarkRun) { measured }

  static func close(_ a: Double?, _ b: Double?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))
  }

  static func close(_ a: ClosedRange<Double>?, _ b: ClosedRange<Double>?) -> Bool {
    close(a?.lowerBound, b?.lowerBound) && close(a?.upperBound, b?.upperBound)
  }

  @Test func publish_whenEveryCaseRunsSlowerByOneFactor_ratiosAndTheirIntervalsAreUnchanged() throws {
    let (base, slower) = Self.runs()
    let scaledCases = Dictionary(uniqueKeysWithValues: slower.cases.map { ($0.key, $0) })
    var compared = 0
    for result in base.cases where result.strategy != "apple" {
      let figures = try #require(result.published)
      let other = try #require(scaledCases[result.key]?.published)
      #expect(Self.close(figures.ratioToApple?.value, other.ratioToApple?.value), "\(result.key)")
      #expect(Self.close(figures.ratioInterval, other.ratioInterval), "\(result.key)")
      compared += 1
    }
    #expect(compared == 12)
  }

  @Test func publish_whenEveryCaseRunsSlowerByOneFactor_theCheapestAndItsTiesAreUnchanged() throws {
    let (base, slower) = Self.runs()
    let scaledCases = Dictionary(uniqueKeysWithValues: slower.cases.map { ($0.key, $0) })
    var tied = 0
    for result in base.cases where result.strategy != "apple" && result.strategy != "none" {
      let versus = try #require(result.published?.versusCheapest, "\(result.key)")
      let other = try #require(scaledCases[result.key]?.published?.versusCheapest)
      #expect(versus.cheapest == other.cheapest && versus.isTied == other.isTied, "\(result.key)")
      #expect(Self.close(versus.interval, other.interval), "\(result.key)")
      if versus.isTied { tied += 1 }
    }
    // The planted matrix has tied groups (the lock keypath strategies, for
    // one), so the comparison is not vacuous.
    #expect(tied >= 2)
  }

  @Test func publish_whenEveryCaseRunsSlowerByOneFactor_theEffectsAreUnchanged() throws {
    let (base, slower) = Self.runs()
    let effects = try #require(base.effects?.cases)
    let others = try #require(slower.effects?.cases)
    #expect(effects.count == others.count && !effects.isEmpty)
    for (effect, other) in zip(effects, others) {
      #expect(effect.choice == other.choice && effect.scenario == other.scenario)
      #expect(Self.close(effect.ratio, other.ratio) && Self.close(effect.interval, other.interval), "\(effect.choice)")
      #expect(effect.interactions.map(\.first) == other.interactions.map(\.first))
    }
    // The planted registrar effect (×1.4) is found, so equality is about a figure.
    let registrar = try #require(FactorialRun.effect(.registrar, "render", in: slower)?.ratio)
    #expect(abs(registrar - 1.4) < 0.05)
  }

  @Test func evaluate_whenEveryCaseRunsSlowerByOneFactor_theFloorCheckJudgesAlike() throws {
    let (base, slower) = Self.runs()
    // `none` costs half the cheapest: nothing is below it, in either state.
    #expect(FloorCheck.evaluate(base).map(\.failed) == [false])
    #expect(FloorCheck.evaluate(slower).map(\.failed) == [false])
    // A strategy planted below the floor fails in both states alike.
    let cheat = { (run: [CaseResult]) in
      run.map { result -> CaseResult in
        guard result.strategy == "lock-thread-keypath" else { return result }
        return Self.scaled(result, by: 0.3)
      }
    }
    let cases = Self.cases()
    let planted = FloorCheck.evaluate(FactorialRun.run(cheat(cases)))
    let plantedSlower = FloorCheck.evaluate(FactorialRun.run(cheat(cases.map { Self.scaled($0, by: Self.factor) })))
    #expect(planted.map(\.failed) == [true])
    #expect(plantedSlower.map(\.failed) == [true])
    #expect(planted.first?.outcome?.measured == plantedSlower.first?.outcome?.measured)
  }

  @Test func publish_whenEveryCaseRunsSlowerByOneFactor_mediansAndTheirIntervalsMoveByIt() throws {
    let (base, slower) = Self.runs()
    let scaledCases = Dictionary(uniqueKeysWithValues: slower.cases.map { ($0.key, $0) })
    for result in base.cases {
      let figures = try #require(result.published)
      let other = try #require(scaledCases[result.key]?.published)
      let median = try #require(figures.medianNs.value)
      let low = try #require(figures.ciLowNs.value)
      let high = try #require(figures.ciHighNs.value)
      #expect(Self.close(median * Self.factor, other.medianNs.value), "\(result.key)")
      #expect(Self.close(low * Self.factor, other.ciLowNs.value), "\(result.key)")
      #expect(Self.close(high * Self.factor, other.ciHighNs.value), "\(result.key)")
      // So the slower run's median lies outside the first's interval
      // wherever that interval is narrower than the factor: the shift
      // `obsbench coverage` measures and divides out.
    }
  }
}
