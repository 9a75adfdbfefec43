import BenchmarkKit

extension HTMLReport {
  /// The sizes the answers' size selector offers; each pattern answers at the
  /// size of its scenario nearest the one chosen.
  static let answerSizes = [10, 100, 1_000, 10_000]

  /// The answers by app pattern, first on the page: per pattern one paragraph
  /// per selectable size (the default one shown; the others `hidden`, which a
  /// script swaps), and a detail that needs no script: every size of the
  /// answering scenario in a table, what each choice costs there, the
  /// pattern's other scenarios and a chart of every strategy against `apple`.
  static func answersSection(_ run: BenchmarkRun) -> String {
    let answers = PatternAnswer.answers(of: run)
    guard !answers.isEmpty else { return "" }
    let index = CaseIndex(run)
    let text = PatternText.html
    var html = "<section class=\"answers\" id=\"answers\"><h2>Answers by app pattern</h2>\n"
    html +=
      "<p class=\"note\">For each pattern an app has, at the size you pick (or the nearest its scenario measured): "
      + "the cheapest strategy and those the run cannot tell from it, its time against <code>apple</code> and above "
      + "<code>none</code> with 95% intervals, the runner-up outside that group, the trap (the costliest choices "
      + "made the other way, as the same strategy with that one choice turned) and what the choice gives up. A loss "
      + "reads as a loss. Open a pattern for every size, what each choice costs there and its other scenarios.</p>\n"
    html += "<div class=\"pick\" id=\"answer-sizes\">size: "
    html += answerSizes.map { size in
      "<button type=\"button\" data-answer-size=\"\(size)\"\(size == AppPattern.defaultSize ? " class=\"on\"" : "")>"
        + "\(size)</button>"
    }.joined(separator: " ")
    html += " <span class=\"note\">(without scripts: \(AppPattern.defaultSize); every size is in each pattern's detail)"
    html += "</span></div>\n<ul class=\"answers\">\n"
    for pattern in answers.map(\.pattern) {
      html += "<li id=\"pattern-\(HTMLText.anchor(pattern.id))\">"
      for size in answerSizes {
        guard let answer = PatternAnswer.answer(for: pattern, in: run, index: index, size: size) else { continue }
        let hidden = size == AppPattern.defaultSize ? "" : " hidden=\"hidden\""
        let loss = answer.isLoss ? " loss" : ""
        html += "<p class=\"answer\(loss)\" data-size=\"\(size)\"\(hidden)>\(text.sentence(answer))</p>"
      }
      if let answer = PatternAnswer.answer(for: pattern, in: run, index: index, size: AppPattern.defaultSize) {
        html += answerDetail(answer, index: index, text: text)
      }
      html += "</li>\n"
    }
    html += "</ul>\n"
    let disagreements = PatternAnswer.disagreements(answers)
    if !disagreements.isEmpty {
      html += "<ul class=\"disagree\">" + disagreements.map { "<li>\(text.disagreement($0))</li>" }.joined() + "</ul>\n"
    }
    return html + "</section>\n"
  }

  /// A pattern's detail: every size, the choices, the other scenarios, the chart.
  private static func answerDetail(_ answer: PatternAnswer, index: CaseIndex, text: PatternText) -> String {
    var html = "<details><summary>Every size of <code>\(HTMLText.escape(answer.scenario))</code>, what each choice "
    html += "costs, the pattern's other scenarios</summary>\n"
    html +=
      "<table class=\"headlines sortable\"><tr><th>size</th><th>use; tied</th><th>ratio to <code>apple</code> (95% "
      + "interval)</th><th>above <code>none</code></th><th>against <code>apple</code></th><th>runner-up</th>"
      + "<th>trap</th></tr>\n"
    for size in answer.sizes {
      guard let at = PatternAnswer.answer(for: answer.pattern, in: index.run, index: index, size: size) else {
        continue
      }
      let figures = at.figures
      let verdict =
        at.isLoss ? " class=\"loss\"" : figures.interval?.contains(1) == true ? " class=\"same\"" : ""
      html += "<tr><td data-sort=\"\(size)\">\(size)</td>"
      html += "<td class=\"ties\">\(code(figures.cheapest ?? "–"))\(text.group(figures))</td>"
      html +=
        "<td\(verdict) data-sort=\"\(figures.ratio?.value.map { String($0) } ?? "")\">"
        + "\(HTMLText.escape(HeadlineText.ratio(figures.ratio, interval: figures.interval)))</td>"
      html += "<td>\(HTMLText.escape(HeadlineText.overhead(figures.overhead, interval: figures.overheadInterval)))</td>"
      html += "<td>\(HTMLText.escape(HeadlineText.versusApple(figures)))</td>"
      let runner = at.runnerUp.map { code($0.strategy) + " " + HTMLText.escape(NumberFormat.ratio($0.ratio)) }
      let trap = at.traps.first.map {
        text.turn($0.choice, $0.level) + ": " + HTMLText.escape(NumberFormat.ratio($0.timesCheapest))
          + " the cheapest's"
      }
      html += "<td>\(runner ?? "–")</td><td>\(trap ?? "–")</td>"
      html += "</tr>\n"
    }
    html += "</table>\n"
    if !answer.choices.isEmpty {
      html += "<p><strong>Each choice at \(answer.size)</strong> (B's time over A's, matched pairs): "
      html += text.choices(answer) + ".</p>\n"
    }
    if !answer.beside.isEmpty {
      html += "<p><strong>The pattern's other scenarios</strong> (cheapest, its ratio to <code>apple</code>): "
      html += text.beside(answer) + ".</p>\n"
    }
    html += PatternChart.svg(index.cases(answer.scenario, answer.size), cheapest: answer.figures.cheapest)
    return html + "</details>"
  }

  private static func code(_ id: String) -> String { "<code>\(HTMLText.escape(id))</code>" }
}
