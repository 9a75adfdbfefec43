import BenchmarkKit

extension HTMLReport {
  /// "What each choice costs": the per-suite table, then a forest plot of the
  /// three axes and one of the refinements, each case with its interval. Read
  /// from the run's stored effects (``BenchmarkRun/effects``), never derived
  /// here; nothing when the run has none.
  /// `explained`: the suites whose headline case the profile view explains
  /// (``ProfileView/explainedSuites(_:)``); their axis rows link to it.
  static func effectsSection(_ run: BenchmarkRun, explained: Set<String> = []) -> String {
    guard let effects = run.effects, !effects.suites.isEmpty else { return "" }
    var html = "<h2 id=\"effects\">What each choice costs</h2>\n"
    html +=
      "<p class=\"note\">The eight core strategies are a 2×2×2 design, so each choice is measured on matched pairs of "
      + "strategies that differ in it alone (up to four per axis; a refinement against its base): B's time over A's, "
      + "paired by pass and round, with its 95% interval. Per scenario and size the effect is the geometric mean of "
      + "the pairs' ratios; its interval, in log ratio, is the mean ± √(Σ hᵢ²)/k over the k pairs' half-widths hᵢ, "
      + "since the pairs share no case. Pairs with a failed side or a median under the resolution (a bound) are left "
      + "out. Below 1× the choice saves time. The effect column is the geometric mean over the suite's cases; the "
      + "median case beside it, with how many cases' intervals lie below 1, hold it and lie above it. "
      + "<em>Interacting</em>: a case whose pairs disagree beyond chance (one contrast test of all of them, "
      + "flagging a case of one effect at most 1% of the time), so the choice costs different amounts beside "
      + "different settings of the other choices. "
      + "Over-notification: where a side sends the most notifications per operation beyond the fewest any strategy "
      + "needs there, over the pairs whose sides differ (a choice that changes no count is blamed for none).</p>\n"
    html +=
      "<table class=\"compare effects sortable\"><tr><th class=\"case\">suite</th><th "
      + "class=\"case\">choice</th><th>effect</th><th class=\"case\">median case</th><th class=\"case\">lowest</th><th "
      + "class=\"case\">highest</th><th>cases</th><th>interacting</th><th "
      + "class=\"case\">over-notification</th>\(explained.isEmpty ? "" : "<th class=\"case\">why</th>")</tr>\n"
    for suite in effects.suites {
      html +=
        "<tr><td class=\"case\">\(HTMLText.escape(suite.suite))</td><td "
        + "class=\"case\">\(HTMLText.escape(EffectText.title(ofChoice: suite.choice)))</td>"
      html +=
        "<td>\(HTMLText.escape(EffectText.ratio(suite.ratio)))</td>"
        + "<td class=\"case wrap\">\(HTMLText.escape(EffectText.median(suite)))</td><td "
        + "class=\"case wrap\">\(HTMLText.escape(EffectText.extreme(suite.lowest)))</td>"
      html +=
        "<td class=\"case wrap\">\(HTMLText.escape(EffectText.extreme(suite.highest)))</td><td>\(suite.cases)</td>"
      html += "<td\(suite.interactingCases > 0 ? " class=\"interacting\"" : "")>\(suite.interactingCases)</td>"
      html +=
        "<td class=\"case\">"
        + "\(HTMLText.escape(EffectText.overNotification(suite.overNotification, choice: suite.choice)))</td>"
      // The column is there only when the run kept profiles to link to.
      let isAxis = ProfileView.axes.contains { $0.name == suite.choice }
      if explained.isEmpty {
        html += "</tr>\n"
      } else if explained.contains(suite.suite) && isAxis {
        html +=
          "<td class=\"case\"><a href=\"#\(ProfileView.anchor(suite: suite.suite))\">instructions by "
          + "group</a></td></tr>\n"
      } else {
        html += "<td class=\"case\">–</td></tr>\n"
      }
    }
    html += "</table>\n"
    let groups: [(title: String, choices: [StrategyChoice])] = [
      ("Axes", [.registrar, .scope, .invalidation]), ("Refinements", [.identity, .checked]),
    ]
    for group in groups {
      let present = group.choices.filter { choice in effects.cases.contains { $0.choice == choice.rawValue } }
      guard !present.isEmpty else { continue }
      html +=
        "<h3 id=\"effects-\(HTMLText.anchor(group.title.lowercased()))\">\(group.title): effect per scenario and "
        + "size</h3>\n"
      html += "<div class=\"panel\">\n" + EffectForestPlot(choices: present, effects: effects).render() + "\n</div>\n"
    }
    return html
  }
}
