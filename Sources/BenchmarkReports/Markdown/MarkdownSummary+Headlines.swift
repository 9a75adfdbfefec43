import BenchmarkKit

extension MarkdownSummary {
  /// "Which should I use", then per suite and size of its headline scenario the
  /// overhead above `none`, the cheapest strategy with those tied with it, and
  /// its ratio to `apple`, the like-for-like form first.
  static func headlineLines(_ run: BenchmarkRun) -> [String] {
    let headlines = Headline.headlines(of: run)
    guard !headlines.isEmpty else { return [] }
    var lines = [String]()
    lines += [
      "", "## Headlines", "",
      "Per suite, its realistic shape (what an app does most). " + HeadlineText.legend { "`\($0)`" }
        + " n: the cheapest's samples.", "",
      "| suite | scenario | size | overhead above `none` | share of `apple`'s overhead | cheapest; tied | ratio to "
        + "`apple` (95% interval) | strategies against `apple` | ns/op | n | `apple` | `none` | beside it: "
        + "idiomatic form | without the refinement: cheapest `keypath` · `whole` | store routing · observation |",
      "|---|---|---:|---:|---:|---|---:|---|---:|---:|---:|---:|---|---|---|",
    ]
    for line in headlines {
      let lead = line.lead
      let form = HeadlineText.form(lead)
      let cells = [
        escape(line.suite), escape(lead.scenario) + (form.isEmpty ? "" : " — " + escape(form)), String(line.size),
        HeadlineText.overhead(lead.overhead, interval: lead.overheadInterval),
        HeadlineText.share(lead.share, interval: lead.shareInterval),
        HeadlineText.ties(lead) { "`\($0)`" },
        HeadlineText.ratio(lead.ratio, interval: lead.interval), HeadlineText.versusApple(lead),
        NumberFormat.nanoseconds(lead.time), lead.samples?.text ?? "–",
        NumberFormat.nanoseconds(lead.appleTime), NumberFormat.nanoseconds(lead.noneTime),
        line.idiomatic.map(idiomaticCell) ?? "",
        HeadlineText.unrefined(lead, duration: { NumberFormat.nanoseconds($0) + " ns" }) { "`\($0)`" },
        HeadlineText.storeSplit(lead),
      ]
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    return lines
  }

  /// The idiomatic form beside a like-for-like headline, labelled.
  private static func idiomaticCell(_ figures: HeadlineFigures) -> String {
    let label = HeadlineText.form(figures)
    let cheapest = figures.cheapest.map { "`\($0)` (\(figures.tied.count + 1) of \(figures.compared))" } ?? "–"
    return "`\(escape(figures.scenario))`" + (label.isEmpty ? "" : ", " + escape(label)) + ": " + cheapest + " "
      + HeadlineText.ratio(figures.ratio, interval: figures.interval)
  }

  /// Per suite, the strategies of its headline case no other matches or beats,
  /// with what each gives up.
  static func choiceLines(_ run: BenchmarkRun) -> [String] {
    let choices = StrategyFront.choices(of: run)
    guard !choices.isEmpty else { return [] }
    var lines = [
      "", "## Which should I use", "",
      HeadlineText.choiceLead, "",
    ]
    let headlines = Headline.headlines(of: run)
    for choice in choices {
      let groups = choice.groups.map { group in
        escape(HeadlineText.tradeOffs(group.tradeOffs)) + ": "
          + group.options.map { "`\($0.strategy)`\(HeadlineText.mark($0))" }.joined(separator: ", ")
      }
      lines.append(
        "- **\(escape(choice.suite))** (`\(escape(choice.scenario))` at \(choice.size), \(choice.options.count) of "
          + "\(choice.judged)): "
          + groups.joined(separator: " · ")
          + escape(
            HeadlineText.choiceTail(suite: choice.suite, scenario: choice.scenario, size: choice.size, in: headlines)))
    }
    return lines
  }
}
