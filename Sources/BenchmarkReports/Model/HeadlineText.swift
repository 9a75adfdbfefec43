import BenchmarkKit

/// How the headlines and the "which should I use" block word their figures, the
/// same in `summary.md` and `report.html` (plain text; writers escape it).
enum HeadlineText {
  /// What a ratio to `apple` whose interval holds 1 prints as instead of a number.
  static let noDifference = "no measurable difference"

  /// A ratio to `apple` with its interval: `0.31× (0.29×–0.34×)`; `no measurable
  /// difference (0.45×–1.08×)` when the interval holds 1, never a win or a loss;
  /// a bound as a bound; `–` when there is none.
  static func ratio(_ figure: Figure?, interval: ClosedRange<Double>?) -> String {
    guard let figure else { return "–" }
    guard case .value(let value) = figure else { return NumberFormat.ratio(figure) }
    guard let interval else { return NumberFormat.ratio(value) }
    let range = "\(NumberFormat.ratio(interval.lowerBound))–\(NumberFormat.ratio(interval.upperBound))"
    return interval.contains(1) ? "\(noDifference) (\(range))" : "\(NumberFormat.ratio(value)) (\(range))"
  }

  /// An overhead above `none`: `+812 ns (790–835)`, `+179 µs (167–192)`,
  /// `< 3.1 ns`, or `–`; from 10 µs in µs, from 10 ms in ms, the interval in
  /// the value's unit.
  static func overhead(_ figure: Figure?, interval: ClosedRange<Double>?) -> String {
    guard let figure else { return "–" }
    switch figure {
    case .value(let value):
      let (scale, unit) = durationUnit(value)
      let range = interval.map {
        " (\(NumberFormat.nanoseconds($0.lowerBound / scale))–\(NumberFormat.nanoseconds($0.upperBound / scale)))"
      }
      return "+\(NumberFormat.nanoseconds(value / scale)) \(unit)" + (range ?? "")
    case .below(let bound):
      let (scale, unit) = durationUnit(bound)
      return "< \(NumberFormat.nanoseconds(bound / scale)) \(unit)"
    case .above(let bound):
      let (scale, unit) = durationUnit(bound)
      return "> \(NumberFormat.nanoseconds(bound / scale)) \(unit)"
    case .unresolved: return "?"
    }
  }

  /// The unit a time of `nanoseconds` reads best in, and its size in ns.
  static func durationUnit(_ nanoseconds: Double) -> (scale: Double, unit: String) {
    let magnitude = abs(nanoseconds)
    if magnitude >= 1e7 { return (1e6, "ms") }
    if magnitude >= 1e4 { return (1e3, "µs") }
    return (1, "ns")
  }

  /// An overhead as a share of apple's: `72% (61–85%)`, `< 4%`, or `–`.
  static func share(_ figure: Figure?, interval: ClosedRange<Double>?) -> String {
    guard let figure else { return "–" }
    switch figure {
    case .value(let value):
      let range = interval.map { " (\(percent($0.lowerBound))–\(percent($0.upperBound))%)" }
      return "\(percent(value))%" + (range ?? "")
    case .below(let bound): return "< \(percent(bound))%"
    case .above(let bound): return "> \(percent(bound))%"
    case .unresolved: return "?"
    }
  }

  /// A store workload's time split in two: "store floor 1.20 µs ·
  /// observation above it +310 ns (250–372), 41% (30–55%) of apple's
  /// overhead"; empty where the case has no store floor.
  static func storeSplit(_ figures: HeadlineFigures) -> String {
    guard figures.routing != nil || figures.observation != nil else { return "" }
    let floor = figures.routing.map { NumberFormat.nanoseconds($0) + " ns" } ?? "–"
    var text = "store floor " + floor
    text += " · observation above it " + overhead(figures.observation, interval: figures.observationInterval)
    if figures.observationShare != nil {
      text +=
        ", " + share(figures.observationShare, interval: figures.observationShareInterval) + " of apple's overhead"
    }
    return text
  }

  /// What a "which should I use" line ends with, from the headline figures of
  /// `scenario` of `suite` at `size`: the cheapest's ratio to apple, the tied
  /// group's range and how the strategies stand against apple, then
  /// ``storeSplit(_:)`` for a store workload. " — ratio to apple 0.22×
  /// (0.21×–0.23×), tied group 0.22×–0.23×; 4 faster, 8 slower of 12 — store
  /// floor …", or empty without figures.
  static func choiceTail(suite: String, scenario: String, size: Int, in headlines: [Headline]) -> String {
    guard
      let figures = headlines.filter({ $0.suite == suite && $0.size == size })
        .flatMap({ [$0.lead] + ($0.idiomatic.map { [$0] } ?? []) })
        .first(where: { $0.scenario == scenario })
    else { return "" }
    var tail = ""
    if figures.ratio != nil {
      tail += " — ratio to apple " + ratio(figures.ratio, interval: figures.interval)
      if let group = figures.groupRatios {
        tail += ", tied group \(NumberFormat.ratio(group.lowerBound))–\(NumberFormat.ratio(group.upperBound))"
      }
      tail += "; " + versusApple(figures)
    }
    let split = storeSplit(figures)
    return split.isEmpty ? tail : tail + " — " + split
  }

  /// The cheapest strategy and those tied with it, with `code` around each id:
  /// `` `X`; tied: `Y`, `Z` (3 of 12) ``, or `–`.
  /// The cheapest of each plain invalidation beside a refined cheapest:
  /// "`keypath`: `lock-thread-keypath` 369 µs, 1.66× (1.51×–1.83×) · `whole`: …",
  /// or empty.
  static func unrefined(
    _ figures: HeadlineFigures, duration: (Figure?) -> String, code: (String) -> String
  ) -> String {
    figures.unrefined.map {
      code($0.invalidation) + ": " + code($0.strategy) + " " + duration($0.time) + ", "
        + ratio($0.ratio, interval: $0.interval)
    }.joined(separator: " · ")
  }

  /// How the case's core strategies stand against `apple`: "10 faster, 2
  /// slower of 12" (with "1 no difference" and "1 unresolved" where any), or
  /// "–" when the case has none.
  static func versusApple(_ figures: HeadlineFigures) -> String {
    let counts = figures.versusApple
    guard counts.total > 0 else { return "–" }
    var parts = ["\(counts.faster) faster", "\(counts.slower) slower"]
    if counts.same > 0 { parts.append("\(counts.same) no difference") }
    if counts.unresolved > 0 { parts.append("\(counts.unresolved) unresolved") }
    return parts.joined(separator: ", ") + " of \(counts.total)"
  }

  static func ties(_ figures: HeadlineFigures, code: (String) -> String) -> String {
    guard let cheapest = figures.cheapest else { return "–" }
    let allTied = figures.compared > 2 && figures.tied.count + 1 == figures.compared
    let tied =
      figures.tied.isEmpty
      ? "; none tied" : allTied ? "; all tied" : "; tied: " + figures.tied.map(code).joined(separator: ", ")
    let group = figures.groupRatios.map {
      "; ratios \(NumberFormat.ratio($0.lowerBound))–\(NumberFormat.ratio($0.upperBound))"
    }
    return code(cheapest) + tied + " (\(figures.tied.count + 1) of \(figures.compared)\(group ?? ""))"
  }

  /// What a group of the front gives up: `no tracking across await`, `gives up
  /// nothing listed`, or `trade-offs not recorded`.
  static func tradeOffs(_ tradeOffs: [String]?) -> String {
    guard let tradeOffs else { return "trade-offs not recorded" }
    return tradeOffs.isEmpty ? "gives up nothing listed" : tradeOffs.joined(separator: "; ")
  }

  /// `(cheapest)`, `(tied with the cheapest)`, or empty.
  static func mark(_ option: StrategyFront.Option) -> String {
    option.isCheapest ? " (cheapest)" : option.isTiedWithCheapest ? " (tied)" : ""
  }

  /// What the block says before its lines.
  static let choiceLead =
    "At each suite's headline case (its largest size), the strategies no other matches or beats on time, "
    + "notifications and allocations per operation (k of n: how many of the n judged), grouped by what they give up, "
    + "least first; (cheapest) and (tied): the cheapest on time and those the run cannot tell from it; then the "
    + "cheapest's ratio to apple, the tied group's range and how many strategies are faster and slower than apple; "
    + "for a store workload, the store floor (routing alone) and the cheapest's observation above it."

  /// The label of a headline's form, or empty for one whose rows share a form.
  static func form(_ figures: HeadlineFigures) -> String {
    figures.form?.label ?? ""
  }

  /// What the headline columns mean, for the legend above them, with `code`
  /// around each id.
  static func legend(code: (String) -> String) -> String {
    let apple = code(ReferenceStrategy.apple)
    let floor = code(ReferenceStrategy.floor)
    return "Overhead: the cheapest's median minus \(floor)'s, with its 95% interval, paired as ratios are (the "
      + "case's median interval times the share of its time above \(floor)); \(code("< x")) when the interval "
      + "reaches the harness's own error; "
      + "and that overhead as a share of \(apple)'s own overhead above \(floor). "
      + "Cheapest and tied: every strategy whose paired ratio to the cheapest has a 95% interval holding 1 cannot be "
      + "told from it, "
      + "so all are named (k of n: how many of the n strategies compared; ratios: the lowest and highest ratio to "
      + "\(apple) in that group, what the group costs rather than its luckiest member). "
      + "Ratio to \(apple): the cheapest's, with its 95% interval; \"\(noDifference)\" when the interval holds "
      + "1. "
      + "A headline whose scenario compares unlike API forms leads with its like-for-like form and gives the idiomatic "
      + "one beside it; "
      + "one without a like-for-like form is labelled idiomatic. "
      + "Store routing · observation: where the core's side is a store and \(apple)'s an object, the "
      + "store floor's median (\(code("store-floor")): the same store with nothing observed, its routing alone), "
      + "then the cheapest's time above it with its share of \(apple)'s overhead above \(floor): "
      + "observation compared with observation."
  }

  private static func percent(_ share: Double) -> String {
    let value = share * 100
    return value < 10 ? String(format: "%.1f", value) : String(format: "%.0f", value)
  }
}
