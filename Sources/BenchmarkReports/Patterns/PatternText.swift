import BenchmarkKit

/// How the answers word their figures, the same in `summary.md` and
/// `report.html`: the writer gives how to mark code and emphasis and how to
/// escape the rest.
struct PatternText: Sendable {
  /// Wraps an id: `` `lock-thread-keypath` `` or `<code>…</code>`.
  var code: @Sendable (String) -> String
  /// Wraps the pattern's name: `**…**` or `<strong>…</strong>`.
  var strong: @Sendable (String) -> String
  /// Escapes plain text.
  var escape: @Sendable (String) -> String

  static let markdown = PatternText(
    code: { "`\($0)`" }, strong: { "**\(MarkdownSummary.escape($0))**" }, escape: MarkdownSummary.escape)
  static let html = PatternText(
    code: { "<code>\(HTMLText.escape($0))</code>" }, strong: { "<strong>\(HTMLText.escape($0))</strong>" },
    escape: HTMLText.escape)

  /// The answer in one paragraph: the pattern and where it is measured, what
  /// to use and what it costs, the runner-up, the trap and what the choice
  /// gives up.
  func sentence(_ answer: PatternAnswer) -> String {
    [headline(answer), verdict(answer), runnerUp(answer), trap(answer), givesUp(answer)].filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// `**One row of a list changes per action** — at 1000 rows
  /// (`collections/update-row-rearm`, like-for-like):`
  func headline(_ answer: PatternAnswer) -> String {
    let form = answer.figures.form.map { ", " + escape($0.kind.rawValue) } ?? ""
    // "1 task", "4 tasks".
    let unit =
      answer.size == 1 && answer.pattern.unit.hasSuffix("s")
      ? String(answer.pattern.unit.dropLast()) : answer.pattern.unit
    return strong(answer.pattern.title) + escape(" — at \(answer.size) \(unit) (")
      + code(answer.scenario) + form + escape("):")
  }

  /// What to use and what it costs; a loss reads as a loss, a tie with
  /// `apple` as no measurable difference.
  func verdict(_ answer: PatternAnswer) -> String {
    let figures = answer.figures
    guard let cheapest = figures.cheapest else { return "" }
    let ratio = escape(HeadlineText.ratio(figures.ratio, interval: figures.interval))
    let named = code(cheapest) + group(figures)
    var text: String
    if answer.isLoss {
      text =
        escape("every core strategy is slower than apple here; the cheapest, ") + named + escape(", costs ")
        + ratio + escape(" apple's time")
    } else if figures.interval?.contains(1) == true {
      text = escape("use ") + named + escape(": ") + ratio + escape(" from apple")
    } else {
      text = escape("use ") + named + escape(": ") + ratio + escape(" apple's time")
    }
    if figures.overhead != nil {
      text +=
        escape(", " + HeadlineText.overhead(figures.overhead, interval: figures.overheadInterval) + " above ")
        + code(ReferenceStrategy.floor)
    }
    let counts = figures.versusApple
    if counts.total > 0 {
      text += escape("; \(counts.faster) of \(counts.total) strategies faster than apple, \(counts.slower) slower")
    }
    return text + escape(".")
  }

  /// ` (tied: `a`, `b`)`, ` (all 12 tied; 0.20×–0.31×)`, or empty.
  func group(_ figures: HeadlineFigures) -> String {
    guard !figures.tied.isEmpty else { return "" }
    let range = figures.groupRatios.map {
      "; \(NumberFormat.ratio($0.lowerBound))–\(NumberFormat.ratio($0.upperBound))"
    }
    if figures.tied.count + 1 == figures.compared, figures.compared > 2 {
      return escape(" (all \(figures.compared) tied\(range ?? ""))")
    }
    if figures.tied.count > 3 {
      return escape(" (\(figures.tied.count) others tied\(range ?? ""))")
    }
    return escape(" (tied: ") + figures.tied.map(code).joined(separator: escape(", ")) + escape((range ?? "") + ")")
  }

  /// `Runner-up: `b` at 0.25× (0.24×–0.27×).`, or empty.
  func runnerUp(_ answer: PatternAnswer) -> String {
    guard let runner = answer.runnerUp else { return "" }
    return escape("Runner-up: ") + code(runner.strategy)
      + escape(
        ", " + HeadlineText.ratio(runner.ratio, interval: runner.interval) + ".")
  }

  /// `Trap: without `+identity` (`a`): 194× (183×–205×) apple's time, 880×
  /// the cheapest's; with `whole` invalidation (`b`): …`, or that no single
  /// choice made the other way costs more.
  func trap(_ answer: PatternAnswer) -> String {
    guard !answer.traps.isEmpty else {
      return escape("Trap: no single choice made the other way costs more here.")
    }
    let turns = answer.traps.map { trap in
      turn(trap.choice, trap.level) + escape(" (") + code(trap.strategy)
        + escape(
          "): " + HeadlineText.ratio(trap.ratio, interval: trap.interval) + " apple's time, "
            + NumberFormat.ratio(trap.timesCheapest) + " the cheapest's")
    }
    return escape("Trap: ") + turns.joined(separator: escape("; ")) + escape(".")
  }

  /// `without `+identity``, `with `whole` invalidation`, `with the `lock` registrar`.
  func turn(_ choice: StrategyChoice, _ level: String) -> String {
    switch choice {
    case .identity, .checked:
      return level == "base" ? escape("without ") + code("+\(choice.rawValue)") : escape("with ") + code(level)
    case .registrar: return escape("with the ") + code(level) + escape(" registrar")
    case .scope: return escape("with ") + code(level) + escape("-local scopes")
    case .invalidation: return escape("with ") + code(level) + escape(" invalidation")
    }
  }

  /// What the cheapest gives up, and the actor hop it costs a caller off the actor.
  func givesUp(_ answer: PatternAnswer) -> String {
    guard let cheapest = answer.figures.cheapest, let givesUp = answer.givesUp else { return "" }
    var text = code(cheapest) + escape(givesUp.isEmpty ? " gives up nothing listed" : " gives up: ")
    text += escape(givesUp.joined(separator: "; "))
    if let hop = answer.hop, StrategyLevels(cheapest).level(.registrar) == "actor" {
      text += escape(
        " — a caller off the actor pays \(HTMLReport.figureDuration(hop.one)) a hop from one task, "
          + "\(HTMLReport.figureDuration(hop.most)) with \(hop.tasks)")
    }
    return text + escape(".")
  }

  /// Each choice's effect at the case: `registrar lock → actor 0.95×
  /// (0.90×–1.01×); invalidation keypath → whole 5.5× (…), keypath 1/op,
  /// whole 1000/op`.
  func choices(_ answer: PatternAnswer) -> String {
    answer.choices.map { cost in
      var text =
        escape(cost.choice.title + " ")
        + escape(EffectText.effect(cost.ratio, interval: cost.interval))
      if let load = cost.notifications {
        let (from, to) = cost.choice.levels
        text += escape(
          ", \(from) \(EffectText.count(load.baseline))/op, \(to) \(EffectText.count(load.alternative))/op")
      }
      // The actor's price is paid where its callers are off it: beside the
      // registrar's effect, what one hop costs.
      if cost.choice == .registrar, let hop = answer.hop {
        text += escape(
          " — plus \(HTMLReport.figureDuration(hop.one)) a hop for a caller off the actor "
            + "(\(HTMLReport.figureDuration(hop.most)) with \(hop.tasks) tasks)")
      }
      return text
    }.joined(separator: escape("; "))
  }

  /// The pattern's other scenarios: each one's cheapest and its ratio, a loss
  /// said as one.
  func beside(_ answer: PatternAnswer) -> String {
    answer.beside.map { other in
      let figures = other.figures
      let loss = (figures.interval?.lowerBound ?? 0) > 1 ? escape(" — slower than apple") : ""
      return code("\(other.scenario)@\(other.size)") + escape(": ") + code(figures.cheapest ?? "–")
        + escape(" " + HeadlineText.ratio(figures.ratio, interval: figures.interval)) + loss
    }.joined(separator: escape("; "))
  }
}
