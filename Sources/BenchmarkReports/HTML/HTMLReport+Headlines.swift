import BenchmarkKit

extension HTMLReport {
  /// "Which should I use", then per suite and size of its headline scenario the
  /// overhead above `none`, the cheapest strategy with those tied with it, and
  /// its ratio to `apple`, the like-for-like form first.
  static func headlineSection(_ run: BenchmarkRun) -> String {
    let headlines = Headline.headlines(of: run)
    guard !headlines.isEmpty else { return "" }
    var html = "<h2 id=\"headlines\">Headlines</h2>\n"
    html +=
      "<p class=\"note\">Per suite, its realistic shape (what an app does most). "
      + HeadlineText.legend { "<code>\(HTMLText.escape($0))</code>" }
      + " n: the cheapest's samples.</p>\n"
    html +=
      "<div class=\"wide\"><table class=\"headlines\"><tr><th>suite</th><th>scenario</th><th>size</th>"
      + "<th>overhead above none</th><th>share of apple's overhead</th><th>ratio to apple (95% interval)</th>"
      + "<th>strategies against apple</th><th>cheapest; tied</th><th>ns/op</th><th>n</th><th>apple</th>"
      + "<th>none</th></tr>\n"
    for line in headlines {
      let lead = line.lead
      let form = HeadlineText.form(lead)
      let ratio = HeadlineText.ratio(lead.ratio, interval: lead.interval)
      html += "<tr\(line.idiomatic == nil ? "" : " class=\"lead\"")><td>\(HTMLText.escape(line.suite))</td>"
      html +=
        "<td class=\"scenario\">\(HTMLText.escape(lead.scenario))"
        + (form.isEmpty ? "" : "<span class=\"form\">\(HTMLText.escape(form))</span>") + "</td>"
      html += "<td class=\"num\">\(line.size)</td>"
      html += "<td>\(HTMLText.escape(HeadlineText.overhead(lead.overhead, interval: lead.overheadInterval)))</td>"
      html += "<td>\(HTMLText.escape(HeadlineText.share(lead.share, interval: lead.shareInterval)))</td>"
      html += "<td\(ratio.hasPrefix(HeadlineText.noDifference) ? " class=\"same\"" : "")>\(HTMLText.escape(ratio))</td>"
      let versus = lead.versusApple
      html +=
        "<td\(versus.slower > versus.faster ? " class=\"loss\"" : "")>"
        + "\(HTMLText.escape(HeadlineText.versusApple(lead)))</td>"
      html += "<td class=\"ties\">\(HeadlineText.ties(lead) { "<code>\(HTMLText.escape($0))</code>" })</td>"
      html += "<td class=\"num\">\(HTMLText.escape(figureDuration(lead.time)))</td>"
      html += "<td>\(HTMLText.escape(lead.samples?.text ?? "–"))</td>"
      html += "<td class=\"num\">\(HTMLText.escape(figureDuration(lead.appleTime)))</td>"
      html += "<td class=\"num\">\(HTMLText.escape(figureDuration(lead.noneTime)))</td></tr>\n"
      // The idiomatic form goes on a line of its own under the like-for-like one,
      // so the table keeps its width.
      if let idiomatic = line.idiomatic {
        html += "<tr class=\"beside\"><td></td><td colspan=\"11\">beside it: \(idiomaticCell(idiomatic))</td></tr>\n"
      }
      if !lead.unrefined.isEmpty {
        let text = HeadlineText.unrefined(lead, duration: { HTMLText.escape(figureDuration($0)) }) {
          "<code>\(HTMLText.escape($0))</code>"
        }
        html += "<tr class=\"beside\"><td></td><td colspan=\"11\">without the refinement: \(text)</td></tr>\n"
      }
      let split = HeadlineText.storeSplit(lead)
      if !split.isEmpty {
        html += "<tr class=\"beside\"><td></td><td colspan=\"11\">\(HTMLText.escape(split))</td></tr>\n"
      }
    }
    return html + "</table></div>\n"
  }

  /// The idiomatic form beside a like-for-like headline, labelled.
  private static func idiomaticCell(_ figures: HeadlineFigures) -> String {
    let label = HeadlineText.form(figures)
    var html = "<code>\(HTMLText.escape(figures.scenario))</code>"
    if !label.isEmpty { html += ", <i>\(HTMLText.escape(label))</i>" }
    html += ": ratio to apple " + HTMLText.escape(HeadlineText.ratio(figures.ratio, interval: figures.interval))
    if let cheapest = figures.cheapest {
      html +=
        ", cheapest <code>\(HTMLText.escape(cheapest))</code> (\(figures.tied.count + 1) of \(figures.compared) tied)"
    }
    return html
  }

  /// Per suite, the strategies of its headline case no other matches or beats,
  /// with what each gives up.
  static func choiceBlock(_ run: BenchmarkRun) -> String {
    let choices = StrategyFront.choices(of: run)
    guard !choices.isEmpty else { return "" }
    var html = "<div class=\"choice\"><h2 id=\"which\">Which should I use</h2>\n"
    html += "<p class=\"note\">\(HTMLText.escape(HeadlineText.choiceLead))</p>\n<ul>\n"
    let headlines = Headline.headlines(of: run)
    for choice in choices {
      html +=
        "<li><b>\(HTMLText.escape(choice.suite))</b> (<code>\(HTMLText.escape(choice.scenario))</code> at "
        + "\(choice.size), \(choice.options.count) of \(choice.judged)): "
      html += choice.groups.map { group in
        "<i>\(HTMLText.escape(HeadlineText.tradeOffs(group.tradeOffs)))</i>: "
          + group.options.map {
            "<code>\(HTMLText.escape($0.strategy))</code>\(HTMLText.escape(HeadlineText.mark($0)))"
          }
          .joined(separator: ", ")
      }.joined(separator: " · ")
      html += HTMLText.escape(
        HeadlineText.choiceTail(suite: choice.suite, scenario: choice.scenario, size: choice.size, in: headlines))
      html += "</li>\n"
    }
    return html + "</ul></div>\n"
  }
}
