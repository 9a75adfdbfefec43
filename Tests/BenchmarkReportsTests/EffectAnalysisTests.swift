import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// The effect of each strategy choice, on runs with effects planted.
@Suite("What each choice costs")
struct EffectAnalysisTests {
  static let axes: [StrategyChoice] = [.registrar, .scope, .invalidation]

  @Test(arguments: axes)
  func effect_whenOneAxisDoublesCost_recoversTwoWithinItsInterval(planted: StrategyChoice) throws {
    let alternative = planted.levels.alternative
    let axis = try #require(planted.axisIndex)
    let run = FactorialRun.run(
      FactorialRun.cases(scenario: "planted") { strategy in
        let parts = strategy.split(separator: "+")[0].split(separator: "-")
        return parts.count == 3 && parts[axis] == alternative ? 2 : 1
      })
    for choice in Self.axes {
      let effect = try #require(FactorialRun.effect(choice, "planted", in: run))
      let ratio = try #require(effect.ratio)
      let interval = try #require(effect.interval)
      #expect(effect.pairs.count == 4, "\(choice)")
      #expect(!effect.isInteracting, "\(choice): \(effect.interactions)")
      if choice == planted {
        #expect(interval.contains(2), "\(choice): \(ratio) \(interval)")
        #expect(abs(ratio - 2) < 0.1, "\(choice): \(ratio)")
      } else {
        #expect(interval.contains(1), "\(choice): \(ratio) \(interval)")
      }
    }
  }

  @Test func effect_whenStrategiesAreIdentical_intervalsContainOne() throws {
    let run = FactorialRun.run(FactorialRun.cases(scenario: "same", seed: 3) { _ in 1 })
    let effects = try #require(run.effects?.cases)
    #expect(Set(effects.map(\.choice)) == Set(StrategyChoice.allCases.map(\.rawValue)))
    for effect in effects {
      let interval = try #require(effect.interval, "\(effect.choice)")
      #expect(interval.contains(1), "\(effect.choice): \(interval)")
      #expect(!effect.isInteracting, "\(effect.choice)")
    }
    // A refinement has one pair per base that has it.
    #expect(
      effects.first { $0.choice == "identity" }?.pairs.map(\.baseline) == ["lock-thread-keypath", "actor-task-keypath"])
    #expect(effects.first { $0.choice == "checked" }?.candidatePairs == 1)
  }

  @Test func interaction_whenOnePairCostsThreeTimes_isFlagged_andAPlainEffectIsNot() throws {
    let odd = FactorialRun.cases(scenario: "odd") { $0 == "actor-thread-keypath" ? 3 : 1 }
    let plain = FactorialRun.cases(scenario: "plain", seed: 2) { $0.hasPrefix("actor-") ? 2 : 1 }
    let run = FactorialRun.run(odd + plain)
    let flagged = try #require(FactorialRun.effect(.registrar, "odd", in: run))
    #expect(flagged.isInteracting)
    // The odd pair (*-thread-keypath) disagrees with each of the other three.
    #expect(flagged.interactions.count == 3)
    #expect(flagged.interactions.allSatisfy { $0.first == "lock-thread-keypath" || $0.second == "lock-thread-keypath" })
    let oddPair = try #require(flagged.pairs.first { $0.baseline == "lock-thread-keypath" })
    #expect(abs(oddPair.ratio - 3) < 0.15)
    #expect(
      EffectText.interactions(flagged).allSatisfy {
        $0.contains("*-thread-keypath \(EffectText.ratio(oddPair.ratio)) (")
      }, "\(EffectText.interactions(flagged))")
    let unflagged = try #require(FactorialRun.effect(.registrar, "plain", in: run))
    #expect(!unflagged.isInteracting)
    let summary = try #require(run.effects?.suites.first { $0.choice == "registrar" })
    #expect(summary.interactingCases == 1)
    #expect(summary.cases == 2)
  }

  @Test func pairs_whenAMedianIsABound_leaveItsPairsOut_andCountThem() throws {
    // lock-thread-keypath measures 0.01 ns, under what its loop cost lets it resolve.
    let run = FactorialRun.run(FactorialRun.cases(scenario: "bound") { $0 == "lock-thread-keypath" ? 0.0001 : 1 })
    let bound = try #require(run.cases.first { $0.strategy == "lock-thread-keypath" })
    guard case .below = bound.medianFigure else {
      Issue.record("the planted median is not a bound: \(String(describing: bound.medianFigure))")
      return
    }
    for choice in Self.axes {
      let effect = try #require(FactorialRun.effect(choice, "bound", in: run))
      #expect(effect.candidatePairs == 4)
      #expect(effect.pairs.count == 3)
      #expect(
        !effect.pairs.contains { $0.baseline == "lock-thread-keypath" || $0.alternative == "lock-thread-keypath" })
      #expect(EffectText.pairs(effect) == "3 of 4 pairs")
    }
  }

  @Test func pairs_whenASideFailed_leaveItsPairOut() throws {
    var cases = FactorialRun.cases(scenario: "failed") { _ in 1 }
    let index = try #require(cases.firstIndex { $0.strategy == "actor-task-whole" })
    cases[index].failure = "set-up threw"
    cases[index].statistics = nil
    let effect = try #require(FactorialRun.effect(.invalidation, "failed", in: FactorialRun.run(cases)))
    #expect(effect.candidatePairs == 4)
    #expect(effect.pairs.map(\.alternative) == ["lock-thread-whole", "lock-task-whole", "actor-thread-whole"])
  }

  @Test func combine_isTheGeometricMean_withTheRootSumOfSquaredHalfWidthsOverK() throws {
    let pairs = [
      PairEffect(baseline: "a", alternative: "b", ratio: 2, interval: (2 * exp(-0.1))...(2 * exp(0.2))),
      PairEffect(baseline: "c", alternative: "d", ratio: 8, interval: (8 * exp(-0.3))...(8 * exp(0.1))),
    ]
    let combined = try #require(EffectAnalysis.combine(pairs))
    #expect(abs(combined.ratio - 4) < 1e-9)
    let halfWidth = (0.2 * 0.2 + 0.3 * 0.3).squareRoot() / 2
    #expect(abs(log(combined.interval.lowerBound / 4) + halfWidth) < 1e-9)
    #expect(abs(log(combined.interval.upperBound / 4) - halfWidth) < 1e-9)
    #expect(EffectAnalysis.combine([]) == nil)
  }

  @Test func overNotification_whenWholeNotifiesEveryObserver_isTheLargestMultiple_andWhere() throws {
    var cases = FactorialRun.cases(scenario: "write", size: 10) { _ in 1 }
    for index in cases.indices {
      cases[index].notificationsPerOperation = cases[index].strategy.contains("-whole") ? 10 : 1
    }
    var quiet = FactorialRun.cases(scenario: "other-field", size: 10) { _ in 1 }
    for index in quiet.indices {
      quiet[index].notificationsPerOperation = quiet[index].strategy.contains("-whole") ? 4 : 0
    }
    let run = FactorialRun.run(cases + quiet)
    let summaries = try #require(run.effects?.suites)
    let invalidation = try #require(summaries.first { $0.choice == "invalidation" }?.overNotification)
    // Notifying where none is needed outranks any multiple of a need.
    #expect(invalidation.scenario == "other-field")
    #expect(invalidation.load == NotificationLoad(baseline: 0, alternative: 4, fewest: 0))
    #expect(
      EffectText.overNotification(invalidation, choice: "invalidation")
        == "whole 4/op where 0 needed (keypath 0/op) at other-field@10")
    // Both registrars carry the whole strategies' excess alike: every registrar
    // pair notifies the same on both sides, so the registrar is blamed for nothing.
    #expect(summaries.first { $0.choice == "registrar" }?.overNotification == nil)
    #expect(run.effects?.cases.filter { $0.choice == "registrar" }.allSatisfy { $0.notifications == nil } == true)
    let keypath = OverNotification(
      scenario: "insert", size: 1000, load: NotificationLoad(baseline: 1001, alternative: 1, fewest: 1))
    #expect(
      EffectText.overNotification(keypath, choice: "identity")
        == "base 1001/op, 1001× the 1 needed (+identity 1/op) at insert@1000")
  }

  @Test func summary_isTheGeometricMeanOfItsCases_withTheCasesAtEitherEnd() throws {
    let run = FactorialRun.run(
      FactorialRun.cases(scenario: "half", seed: 4) { $0.hasPrefix("actor-") ? 0.5 : 1 }
        + FactorialRun.cases(scenario: "eight", seed: 5) { $0.hasPrefix("actor-") ? 8 : 1 })
    let summary = try #require(run.effects?.suites.first { $0.choice == "registrar" })
    let cases = try #require(run.effects?.cases.filter { $0.choice == "registrar" })
    let expected = exp(cases.compactMap(\.ratio).map { log($0) }.reduce(0, +) / 2)
    #expect(abs(try #require(summary.ratio) - expected) < 1e-9)
    #expect(summary.lowest?.scenario == "half")
    #expect(summary.highest?.scenario == "eight")
    #expect(EffectText.extreme(summary.highest).hasSuffix(" at eight@1"))
  }

  @Test func choices_pairStrategiesThatDifferInThemAlone() {
    #expect(
      StrategyChoice.scope.candidatePairs.map { "\($0.baseline)>\($0.alternative)" } == [
        "lock-thread-keypath>lock-task-keypath", "lock-thread-whole>lock-task-whole",
        "actor-thread-keypath>actor-task-keypath", "actor-thread-whole>actor-task-whole",
      ])
    #expect(
      StrategyChoice.registrar.pairs(among: ["actor-task-whole", "actor-thread-whole", "lock-task-whole"]).count == 1)
    #expect(StrategyChoice.invalidation.context(ofBaseline: "actor-task-keypath") == "actor-task-*")
    #expect(StrategyChoice.identity.context(ofBaseline: "lock-thread-keypath") == "lock-thread-keypath")
  }
}
