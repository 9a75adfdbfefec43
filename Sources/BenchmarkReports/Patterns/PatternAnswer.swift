import BenchmarkKit
import Foundation

/// The answer to an ``AppPattern`` at one size, from a run's published
/// figures: what to use, what it costs against `apple` and `none`, the
/// runner-up, and the trap — the costliest wrong turn and what the choice
/// gives up.
///
/// Everything here is read from figures the run published (the headline
/// figures of the case, its effects); nothing is recomputed, so a sentence
/// never says other than the tables beside it.
struct PatternAnswer {
  /// A scenario of the pattern measured beside the answering one, at the size
  /// closest to the answer's: its cheapest and that one's ratio to `apple`.
  struct Beside {
    var scenario: String
    var size: Int
    var figures: HeadlineFigures
  }

  /// The costliest wrong turn from the cheapest: one of its choices made the
  /// other way, and the cheapest strategy that makes it.
  struct Trap {
    /// The choice turned: `invalidation`, `identity`.
    var choice: StrategyChoice
    /// The level taken instead: `whole`, `base` (no `+identity`).
    var level: String
    /// The cheapest strategy with that level.
    var strategy: String
    /// Its ratio to `apple`, with its interval.
    var ratio: Figure?
    var interval: ClosedRange<Double>?
    /// Its median over the cheapest's: what the turn costs.
    var timesCheapest: Double
  }

  /// What one choice costs at the case, from the run's effects, with the
  /// notifications its sides send where they differ.
  struct ChoiceCost {
    var choice: StrategyChoice
    var ratio: Double?
    var interval: ClosedRange<Double>?
    var notifications: NotificationLoad?
  }

  var pattern: AppPattern
  /// The answering scenario, `suite/scenario`, and the size answered.
  var scenario: String
  var size: Int
  /// Every size the answering scenario measured.
  var sizes: [Int]
  var figures: HeadlineFigures
  /// The cheapest strategy outside the tied group, by median, with its ratio.
  var runnerUp: (strategy: String, ratio: Figure?, interval: ClosedRange<Double>?)?
  /// The costliest wrong turns, costliest first: at most two, each costing
  /// more than the cheapest.
  var traps: [Trap]
  /// What the cheapest gives up (``BenchmarkRun/strategyTradeOffs``); `nil`
  /// when the run recorded none.
  var givesUp: [String]?
  /// What a caller off the actor pays to hop in (`contention/actor-hop`, one
  /// task and the most tasks measured) under the cheapest's actor form (the
  /// cheapest itself, or it with the actor registrar), where the run measured
  /// the hop.
  var hop: (one: Figure, most: Figure, tasks: Int)?
  /// Each choice's effect at this case.
  var choices: [ChoiceCost]
  /// The pattern's other scenarios.
  var beside: [Beside]

  /// Whether the core loses here: even the cheapest strategy's ratio to
  /// `apple` has an interval wholly above 1.
  var isLoss: Bool { (figures.interval?.lowerBound ?? 0) > 1 }

  /// The answers of `run` for every pattern it measured, each at the size of
  /// its answering scenario closest to `size` (in ratio).
  static func answers(of run: BenchmarkRun, size: Int = AppPattern.defaultSize) -> [PatternAnswer] {
    let index = CaseIndex(run)
    return AppPattern.catalogue.compactMap { answer(for: $0, in: run, index: index, size: size) }
  }

  /// The answer for `pattern`, or `nil` when the run measured none of its
  /// scenarios with a cheapest strategy.
  static func answer(
    for pattern: AppPattern, in run: BenchmarkRun, index: CaseIndex, size: Int
  ) -> PatternAnswer? {
    let measured = pattern.scenarios.filter { index.hasCheapest($0) }
    guard let scenario = measured.first else { return nil }
    let sizes = index.sizes(of: scenario)
    let chosen = closest(to: size, in: sizes)
    let cases = index.cases(scenario, chosen)
    let figures = HeadlineFigures(
      scenario: String(scenario.split(separator: "/").last ?? ""), cases: cases, form: index.form(scenario))
    guard let cheapest = figures.cheapest else { return nil }
    let beside = measured.dropFirst().compactMap { other -> Beside? in
      let size = closest(to: chosen, in: index.sizes(of: other))
      let figures = HeadlineFigures(
        scenario: String(other.split(separator: "/").last ?? ""), cases: index.cases(other, size),
        form: index.form(other))
      // A scenario with no `apple` beside it (the actor hop) has no ratio to give.
      return figures.cheapest == nil || figures.ratio == nil
        ? nil : Beside(scenario: other, size: size, figures: figures)
    }
    return PatternAnswer(
      pattern: pattern, scenario: scenario, size: chosen, sizes: sizes, figures: figures,
      runnerUp: runnerUp(cases, figures), traps: traps(from: cheapest, cases),
      givesUp: run.strategyTradeOffs?[cheapest], hop: hop(for: cheapest, index),
      choices: choiceCosts(run, scenario: scenario, size: chosen), beside: beside)
  }

  /// The size of `sizes` closest to `size` as a ratio (100 is as far from
  /// 1 000 as 10 000 is; the larger wins a tie).
  static func closest(to size: Int, in sizes: [Int]) -> Int {
    let target = Double(max(size, 1))
    return sizes.min { left, right in
      let l = abs(log(Double(max(left, 1)) / target))
      let r = abs(log(Double(max(right, 1)) / target))
      return abs(l - r) > 1e-9 ? l < r : left > right
    } ?? size
  }

  /// The strategy with the smallest median outside the cheapest and its ties.
  private static func runnerUp(
    _ cases: [CaseResult], _ figures: HeadlineFigures
  ) -> (strategy: String, ratio: Figure?, interval: ClosedRange<Double>?)? {
    let group = Set([figures.cheapest].compactMap { $0 } + figures.tied)
    let others = cases.filter { Publication.isChoice($0.strategy) && !group.contains($0.strategy) }
      .compactMap { result in result.published?.medianNs.value.map { (result, $0) } }
    guard let (best, _) = others.min(by: { $0.1 < $1.1 }), let published = best.published else { return nil }
    return (best.strategy, published.ratioToApple, published.ratioInterval)
  }

  /// Of each choice the cheapest made, the strategy that made it the other
  /// way — the cheapest's own pair where the run has it, else the cheapest of
  /// the nearest; the two whose turns cost most, where they cost more, the
  /// second naming another strategy than the first.
  private static func traps(from cheapest: String, _ cases: [CaseResult]) -> [Trap] {
    let medians = Dictionary(
      cases.filter { Publication.isChoice($0.strategy) }.compactMap { result in
        result.published?.medianNs.value.map { (result.strategy, (result, $0)) }
      }, uniquingKeysWith: { first, _ in first })
    guard let base = medians[cheapest]?.1, base > 0 else { return [] }
    let own = StrategyLevels(cheapest)
    let turns = [StrategyChoice.registrar, .scope, .invalidation, .identity].compactMap {
      choice -> (StrategyChoice, String, [(CaseResult, Double)])? in
      guard let level = own.other(choice) else { return nil }
      let turned = medians.values.filter { StrategyLevels($0.0.strategy).level(choice) == level && $0.1 > base }
      // The cheapest's own pair first (the same strategy with this choice
      // turned), then those further from it, each by median.
      let distance = { (strategy: String) in StrategyLevels(strategy).differences(from: own) }
      return turned.isEmpty
        ? nil
        : (
          choice, level,
          turned.sorted { (distance($0.0.strategy), $0.1) < (distance($1.0.strategy), $1.1) }
        )
    }
    var traps = [Trap]()
    var named = Set<String>()
    for _ in 0..<2 {
      let best = turns.filter { turn in !traps.contains { $0.choice == turn.0 } }.compactMap { turn in
        turn.2.first { !named.contains($0.0.strategy) }.map { (turn.0, turn.1, $0) }
      }.max { $0.2.1 < $1.2.1 }
      guard let (choice, level, (result, median)) = best else { break }
      named.insert(result.strategy)
      traps.append(
        Trap(
          choice: choice, level: level, strategy: result.strategy, ratio: result.published?.ratioToApple,
          interval: result.published?.ratioInterval, timesCheapest: median / base))
    }
    return traps
  }

  /// The hop into the actor for the cheapest's base strategy, with the actor
  /// registrar if it has the lock's.
  private static func hop(for cheapest: String, _ index: CaseIndex) -> (one: Figure, most: Figure, tasks: Int)? {
    let scenario = "contention/actor-hop"
    let sizes = index.sizes(of: scenario)
    guard let fewest = sizes.min(), let most = sizes.max() else { return nil }
    var base = String(cheapest.split(separator: "+").first ?? "")
    if base.hasPrefix("lock-") { base = "actor-" + base.dropFirst("lock-".count) }
    let figure = { (size: Int) -> Figure? in
      let cases = index.cases(scenario, size)
      let exact = cases.first { $0.strategy == base }?.published?.medianNs
      return exact
        ?? cases.compactMap { $0.published?.medianNs }.min { ($0.value ?? .infinity) < ($1.value ?? .infinity) }
    }
    guard let one = figure(fewest), let many = figure(most) else { return nil }
    return (one, many, most)
  }

  /// The effect of each choice at the case, as the run published it.
  private static func choiceCosts(_ run: BenchmarkRun, scenario: String, size: Int) -> [ChoiceCost] {
    let parts = scenario.split(separator: "/").map(String.init)
    guard parts.count == 2 else { return [] }
    let effects = run.effects?.cases.filter { $0.suite == parts[0] && $0.scenario == parts[1] && $0.size == size }
    return [StrategyChoice.registrar, .scope, .invalidation, .identity].compactMap { choice in
      guard let effect = effects?.first(where: { $0.choice == choice.rawValue }), effect.ratio != nil else {
        return nil
      }
      return ChoiceCost(
        choice: choice, ratio: effect.ratio, interval: effect.interval, notifications: effect.notifications)
    }
  }
}

/// A core strategy id read as its levels: `actor-thread-keypath+identity` is
/// registrar `actor`, scope `thread`, invalidation `keypath`, identity
/// `+identity`.
struct StrategyLevels {
  var levels: [String]
  var refinements: Set<String>

  init(_ strategy: String) {
    let parts = strategy.split(separator: "+").map(String.init)
    levels = parts.first.map { $0.split(separator: "-").map(String.init) } ?? []
    refinements = Set(parts.dropFirst())
  }

  /// The level of `choice`; `nil` for a strategy outside the matrix.
  func level(_ choice: StrategyChoice) -> String? {
    guard levels.count == 3 else { return nil }
    switch choice {
    case .registrar: return levels[0]
    case .scope: return levels[1]
    case .invalidation: return levels[2]
    case .identity, .checked: return refinements.contains(choice.rawValue) ? "+\(choice.rawValue)" : "base"
    }
  }

  /// On how many choices this strategy and `other` differ.
  func differences(from other: StrategyLevels) -> Int {
    [StrategyChoice.registrar, .scope, .invalidation, .identity].filter { level($0) != other.level($0) }.count
  }

  /// The other level of `choice`: what the wrong turn from this strategy is.
  func other(_ choice: StrategyChoice) -> String? {
    guard let level = level(choice) else { return nil }
    let (baseline, alternative) = choice.levels
    return level == baseline ? alternative : baseline
  }
}

/// A run's cases by scenario and size, for the answers.
struct CaseIndex {
  /// The run indexed.
  let run: BenchmarkRun
  private var cases: [String: [Int: [CaseResult]]] = [:]
  private var forms: [String: ScenarioForm] = [:]

  init(_ run: BenchmarkRun) {
    self.run = run
    for result in run.cases {
      cases["\(result.suite)/\(result.scenario)", default: [:]][result.size, default: []].append(result)
    }
    forms = run.scenarioForms ?? [:]
  }

  func sizes(of scenario: String) -> [Int] { (cases[scenario]?.keys).map { $0.sorted() } ?? [] }
  func cases(_ scenario: String, _ size: Int) -> [CaseResult] { cases[scenario]?[size] ?? [] }
  func form(_ scenario: String) -> ScenarioForm? { forms[scenario] }

  /// Whether some size of `scenario` has a cheapest strategy.
  func hasCheapest(_ scenario: String) -> Bool {
    cases[scenario]?.values.contains { $0.contains { $0.published?.versusCheapest != nil } } ?? false
  }
}
