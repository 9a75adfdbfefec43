import BenchmarkKit

extension HTMLReport {
  /// Whether a report of `runs` shows trends: three or more runs (two are a
  /// before-and-after, which the side-by-side charts already show).
  static func showsTrends(_ runs: ReportRuns) -> Bool {
    runs.entries.count > 2
  }

  /// Per suite, its headline case across the runs: the ratio to `apple` and the
  /// median ns per operation of every strategy, with their 95% intervals.
  static func trendsSection(_ runs: ReportRuns) -> String {
    let trends = Trend.trends(of: runs)
    guard showsTrends(runs), !trends.isEmpty else { return "" }
    var html = "<h2 id=\"trends\">Trends across \(runs.entries.count) runs</h2>\n"
    html +=
      "<p class=\"note\">Per suite, its headline scenario at the largest size the last run measured, in every run in "
      + "the order given (x: the run, its commit and date). Left: each strategy's time as a ratio to "
      + "<code>apple</code> in the same run (median of per-round ratios), right: the median ns per operation; "
      + "whiskers are 95% intervals. An open triangle is a bound: the figure is below it, under what that run could "
      + "resolve. Absolute times move with the machine; ratios are the trend to read.</p>\n"
    for trend in trends {
      html +=
        "<h3 id=\"trend-\(HTMLText.anchor(trend.suite))\">\(HTMLText.escape(trend.suite)): "
        + "\(HTMLText.escape(trend.scenario)) at size \(trend.size)</h3>\n"
      html += "<div class=\"panel\">\n" + TrendChart(trend: trend, runs: runs).render() + "\n</div>\n"
    }
    return html
  }
}
