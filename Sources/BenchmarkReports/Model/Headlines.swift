import BenchmarkKit

/// The first thing a summary shows: per suite and size of its headline scenario
/// (the realistic shape, ``BenchmarkSuite/headline``), what observation costs
/// there and which strategies are cheapest, as the run published them.
///
/// Where the scenario compares unlike API forms and a like-for-like scenario
/// measures the same work in one form (``ScenarioForm``), the headline leads
/// with the like-for-like figures and puts the idiomatic ones beside them.
struct Headline {
  var suite: String
  /// The suite's headline scenario.
  var scenario: String
  var size: Int
  /// The figures the headline leads with: the like-for-like form's where the run
  /// measured it, else the headline scenario's.
  var lead: HeadlineFigures
  /// The idiomatic form's figures, beside a like-for-like ``lead``.
  var idiomatic: HeadlineFigures?

  /// One headline per suite and size of its headline scenario, in run order.
  static func headlines(of run: BenchmarkRun) -> [Headline] {
    var suites = [String]()
    for result in run.cases where !suites.contains(result.suite) { suites.append(result.suite) }
    var lines = [Headline]()
    for suite in suites {
      let cases = run.cases.filter { $0.suite == suite }
      guard let scenario = run.suiteHeadlines?[suite] ?? cases.first?.scenario else { continue }
      let sizes = Array(Set(cases.filter { $0.scenario == scenario }.map(\.size))).sorted()
      let likeForLike = run.form(suite: suite, scenario: scenario)?.likeForLike
      for size in sizes {
        let row = { (name: String) in cases.filter { $0.scenario == name && $0.size == size } }
        let own = HeadlineFigures(
          scenario: scenario, cases: row(scenario), form: run.form(suite: suite, scenario: scenario))
        if let likeForLike, case let paired = row(likeForLike), !paired.isEmpty {
          let lead = HeadlineFigures(
            scenario: likeForLike, cases: paired, form: run.form(suite: suite, scenario: likeForLike))
          lines.append(Headline(suite: suite, scenario: scenario, size: size, lead: lead, idiomatic: own))
        } else {
          lines.append(Headline(suite: suite, scenario: scenario, size: size, lead: own, idiomatic: nil))
        }
      }
    }
    return lines
  }
}

/// One scenario and size of a headline, read off the published figures: the
/// cheapest strategy and those tied with it, its ratio to `apple`, and its
/// overhead above `none`.
struct HeadlineFigures {
  /// The scenario the figures are of.
  var scenario: String
  /// Its form, when its rows' API forms differ (``ScenarioForm``).
  var form: ScenarioForm?
  /// The cheapest strategy (neither `apple` nor `none`) with a resolved median.
  var cheapest: String?
  /// The strategies the run cannot tell from the cheapest, in run order.
  var tied: [String] = []
  /// The ratios to `apple` of the cheapest and every strategy tied with it,
  /// lowest to highest: what the group, not its luckiest member, costs.
  var groupRatios: ClosedRange<Double>?
  /// How many strategies were compared with the cheapest.
  var compared = 0
  /// The cheapest's ratio to `apple` and its 95% interval.
  var ratio: Figure?
  var interval: ClosedRange<Double>?
  /// The cheapest's median.
  var time: Figure?
  /// How many samples the cheapest's case has.
  var samples: SampleCount?
  /// The cheapest's overhead above `none` and its interval.
  var overhead: Figure?
  var overheadInterval: ClosedRange<Double>?
  /// That overhead as a share of `apple`'s, and its interval.
  var share: Figure?
  var shareInterval: ClosedRange<Double>?
  var appleTime: Figure?
  var noneTime: Figure?
  /// `apple`'s overhead above `none`, for scale.
  var appleOverhead: Figure?
  /// In a store workload, the store floor's median: the same store with
  /// nothing observed, its routing alone. Its time, not its time above
  /// `none`: where `none` does work an observer's firing triggers (a
  /// re-render), the store floor does not.
  var routing: Figure?
  /// The cheapest's time above the store floor (what its observation costs
  /// apart from routing), its interval, and that as a share of `apple`'s
  /// overhead above `none`.
  var observation: Figure?
  var observationInterval: ClosedRange<Double>?
  var observationShare: Figure?
  var observationShareInterval: ClosedRange<Double>?
  /// How the core strategies of the case stand against `apple`, by their own
  /// ratio's 95% interval: wholly below 1, wholly above, holding 1, or with no
  /// interval (a bound or an unpaired case). The cheapest alone hides a case
  /// where most of them lose.
  var versusApple = VersusApple()

  /// Counts of core strategies by where their ratio to `apple` stands.
  struct VersusApple: Equatable {
    var faster = 0
    var slower = 0
    var same = 0
    var unresolved = 0
    var total: Int { faster + slower + same + unresolved }
  }

  /// Where the cheapest is a refinement (`+identity`): the cheapest of each
  /// plain invalidation (`keypath`, `whole`), what a design without the
  /// refinement pays.
  var unrefined: [UnrefinedFigure] = []

  /// The cheapest strategy of one plain invalidation, by median.
  struct UnrefinedFigure {
    var invalidation: String
    var strategy: String
    var time: Figure?
    var ratio: Figure?
    var interval: ClosedRange<Double>?
  }

  init(scenario: String, cases: [CaseResult], form: ScenarioForm?) {
    self.scenario = scenario
    self.form = form
    let apple = cases.first { $0.strategy == ReferenceStrategy.apple }?.published
    appleTime = apple?.medianNs
    appleOverhead = apple?.overheadNs
    noneTime = cases.first { $0.strategy == ReferenceStrategy.floor }?.published?.medianNs
    let storeFloor = cases.first { $0.strategy == Publication.storeFloor && $0.failure == nil }?.published
    routing = storeFloor?.medianNs
    for result in cases where Publication.isChoice(result.strategy) {
      guard case .value? = result.published?.ratioToApple, let interval = result.published?.ratioInterval else {
        versusApple.unresolved += 1
        continue
      }
      if interval.upperBound < 1 {
        versusApple.faster += 1
      } else if interval.lowerBound > 1 {
        versusApple.slower += 1
      } else {
        versusApple.same += 1
      }
    }
    let compared = cases.filter { $0.published?.versusCheapest != nil }
    self.compared = compared.count
    guard let name = compared.first?.published?.versusCheapest?.cheapest,
      let best = compared.first(where: { $0.strategy == name }), let figures = best.published
    else { return }
    cheapest = name
    let group = compared.filter { $0.strategy == name || $0.published?.versusCheapest?.isTied == true }
    tied = group.filter { $0.strategy != name }.map(\.strategy)
    let ratios = group.compactMap { $0.published?.ratioToApple?.value }
    if let lowest = ratios.min(), let highest = ratios.max(), ratios.count > 1 { groupRatios = lowest...highest }
    ratio = figures.ratioToApple
    interval = figures.ratioInterval
    time = figures.medianNs
    samples = SampleCount(of: best)
    overhead = figures.overheadNs
    overheadInterval = figures.overheadInterval
    share = figures.overheadShareOfApple
    shareInterval = figures.overheadShareInterval
    observation = figures.overStoreFloorNs
    observationInterval = figures.overStoreFloorInterval
    observationShare = figures.overStoreFloorShareOfApple
    observationShareInterval = figures.overStoreFloorShareInterval
    guard name.contains("+") else { return }
    for invalidation in ["keypath", "whole"] {
      let members = cases.compactMap { result -> (CaseResult, Double)? in
        let parts = result.strategy.split(separator: "-")
        guard parts.count == 3, parts[2] == invalidation, case .value(let median)? = result.published?.medianNs
        else { return nil }
        return (result, median)
      }
      guard let (best, _) = members.min(by: { $0.1 < $1.1 }), let figures = best.published else { continue }
      unrefined.append(
        UnrefinedFigure(
          invalidation: invalidation, strategy: best.strategy, time: figures.medianNs, ratio: figures.ratioToApple,
          interval: figures.ratioInterval))
    }
  }
}
