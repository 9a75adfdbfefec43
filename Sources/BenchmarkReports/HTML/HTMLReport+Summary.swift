import BenchmarkKit

extension HTMLReport {
  /// The environment of every run, one column per run.
  static func environmentSection(_ runs: ReportRuns) -> String {
    let rows: [(String, (BenchmarkRun) -> String)] = [
      ("Toolchain", { "\($0.environment.toolchain) (\($0.environment.buildConfiguration) build)" }),
      ("CPU", { "\($0.environment.cpuModel), \($0.environment.cores) cores" }),
      ("Kernel", { $0.environment.kernel }),
      ("Allocator", { $0.environment.allocator }),
      ("Built from", { $0.environment.buildCommit ?? "not recorded" }),
      ("Folder HEAD", { $0.environment.gitCommit }),
      ("Date", { $0.environment.date }),
      ("Host", { $0.environment.host }),
      ("Run", { runDescription($0) }),
      (
        "Machine state",
        { run in
          ([MachineStateText.describe(run) ?? "not recorded"] + run.settings.noiseWarnings.map { "⚠ \($0)" })
            .joined(separator: " · ")
        }
      ),
      ("Strategies", { StrategyRolesText.describe($0) ?? "not recorded" }),
    ]
    var html = "<h2 id=\"environment\">Environment</h2>\n<table class=\"env\">\n"
    if runs.isSideBySide {
      html += "<tr><th></th>" + runs.entries.map { "<th>\(HTMLText.escape($0.label))</th>" }.joined() + "</tr>\n"
    }
    for (label, value) in rows {
      html +=
        "<tr><th>\(label)</th>" + runs.entries.map { "<td>\(HTMLText.escape(value($0.run)))</td>" }.joined() + "</tr>\n"
    }
    return html + "</table>\n"
  }

  private static func runDescription(_ run: BenchmarkRun) -> String {
    let settings = run.settings
    var text =
      "\(settings.quick ? "quick" : "full") run, \(run.cases.count) cases in "
      + "\(NumberFormat.fixed(settings.durationSeconds, 0)) s; up to \(settings.maximumSamplesPerCase) samples of "
      + "\(NumberFormat.fixed(Double(settings.targetSampleNs) / 1e6, 1)) ms per "
      + "case\(PassText.describe(settings.passes)); harness loop cost subtracted per case (≈ "
      + "\(NumberFormat.fixed(settings.loopOverheadNs, 2)) ns per single-operation iteration)"
    if let load = settings.backgroundLoadCores {
      text +=
        "; background load \(NumberFormat.fixed(load, 2)) cores" + (load > 0.25 ? " (absolute times inflated)" : "")
    }
    return text
  }

  /// Per suite, the table of ratios to `apple`: strategies as columns, scenarios
  /// and sizes as rows, each cell coloured from cheaper (green) to dearer (red).
  static func summarySection(_ runs: ReportRuns) -> String {
    var html = "<h2 id=\"summary\">Summary: cost relative to <code>apple</code></h2>\n"
    html +=
      "<p class=\"note\">Each cell: the strategy's time per operation divided by <code>apple</code>'s in the same run "
      + "(median of per-round ratios) with the larger side of its 95% interval (hover for the interval; ±&gt;100% in "
      + "orange when the interval is wider than the ratio itself), and below it the median time. <code>&lt; "
      + "x</code>: below what the run can resolve for that case, at most x. "
      + "\(HTMLText.escape(CaseMark.legend { $0 })) Hover a mark for what the case says. <code>n=12 "
      + "(2–4/pass)</code>: \(HTMLText.escape(SampleCount.meaning)). <code>none</code> is plain code without "
      + "observation: the floor.</p>\n"
    html += "<div class=\"legend\">cheaper"
    for ratio in [0.125, 0.25, 0.5, 1, 2, 4, 8] {
      html +=
        "<span class=\"sw\" style=\"background:\(ChartPalette.ratioBackground(ratio))\">"
        + "\(ratio < 1 ? "1/\(Int(1 / ratio))" : "\(Int(ratio))")×</span>"
    }
    html += "dearer</div>\n"
    let tables = SummaryTable.tables(of: runs.entries.map(\.run))
    let sizes = Set(tables.flatMap { $0.rows.map(\.size) }).sorted()
    // Filters a script applies; without one every row and column shows.
    html +=
      "<div class=\"pick\">strategy id contains <input id=\"strategy-filter\" type=\"text\" size=\"18\" "
      + "placeholder=\"e.g. identity, actor-\"/> size <select id=\"size-filter\"><option value=\"\">all</option>"
      + sizes.map { "<option value=\"\($0)\">\($0)</option>" }.joined()
      + "</select> <span class=\"note\">(click a column's head to sort by it)</span></div>\n"
    for table in tables {
      html += "<h3 id=\"summary-\(HTMLText.anchor(table.suite))\">\(HTMLText.escape(table.suite))</h3>\n"
      // Eighteen strategies do not fit 1400 px: the table scrolls within the page,
      // its scenario column kept in view.
      html +=
        "<div class=\"wide\"><table class=\"summary sortable\">\n<tr><th class=\"scenario\">scenario</th><th>size</th>"
      for strategy in table.strategies {
        // Breaking ids at their separators keeps sixteen columns within the page.
        let broken = HTMLText.escape(strategy).replacingOccurrences(of: "-", with: "-<br/>")
          .replacingOccurrences(of: "+", with: "<br/>+")
        html +=
          "<th data-strategy=\"\(HTMLText.escape(strategy))\">\(broken)"
          + "\(strategy == ReferenceStrategy.floor ? "<br/>(floor)" : "")</th>"
      }
      html += "</tr>\n"
      for row in table.rows {
        let form =
          row.form.map { "<span class=\"form\" title=\"\(HTMLText.escape($0.label))\">\($0.kind.rawValue)</span>" }
          ?? ""
        html +=
          "<tr data-size=\"\(row.size)\"><td class=\"scenario\">\(HTMLText.escape(row.scenario))\(form)</td>"
          + "<td class=\"size\">\(row.size)</td>"
        for (strategy, values) in zip(table.strategies, row.cells) {
          html += cell(strategy: strategy, values: values, labels: runs.entries.map(\.label))
        }
        html += "</tr>\n"
      }
      html += "</table></div>\n"
    }
    return html
  }

  /// A published time as the report prints it: `17 ns`, `< 0.4 ns`.
  static func figureDuration(_ figure: Figure?) -> String {
    switch figure {
    case .value(let value)?: return ChartLabel.duration(value)
    case .below(let bound)?: return "< " + ChartLabel.duration(bound)
    case .above(let bound)?: return "> " + ChartLabel.duration(bound)
    case .unresolved?, nil: return "–"
    }
  }

  private static func cell(strategy: String, values: [SummaryTable.Value?], labels: [String]) -> String {
    let latest = values.last ?? nil
    var classes = [String]()
    var style = ""
    if strategy == ReferenceStrategy.floor || strategy == Publication.storeFloor {
      classes.append("floor")
    } else if strategy == ReferenceStrategy.apple {
      classes.append("ref")
    } else if let ratio = latest?.ratioValue {
      style = " style=\"background:\(ChartPalette.ratioBackground(ratio))\""
    }
    var content = ""
    for (index, value) in values.enumerated() {
      if values.count > 1 { content += "<span class=\"run\">\(HTMLText.escape(labels[index]))</span>" }
      guard let value else {
        content += "<span class=\"t\">–</span>"
        continue
      }
      if value.failed {
        content += "<span class=\"r fail\">failed</span>"
        continue
      }
      if let ratio = value.ratio {
        content += "<span class=\"r\">\(HTMLText.escape(NumberFormat.ratio(ratio)))</span>"
        if let interval = value.ratioInterval, let center = ratio.value, center > 0 {
          let spread = max(center - interval.lowerBound, interval.upperBound - center) / center
          let wide = interval.upperBound - interval.lowerBound > center
          let title =
            "95% interval \(NumberFormat.ratio(interval.lowerBound)) – \(NumberFormat.ratio(interval.upperBound))"
          content +=
            "<span class=\"ci\(wide ? " wide" : "")\" "
            + "title=\"\(HTMLText.escape(title))\">\(HTMLText.escape(NumberFormat.spreadText(spread, wide: wide)))"
            + "</span>"
        }
      }
      let marks = value.marks.map {
        "<span class=\"mark\" title=\"\(HTMLText.escape($0.detail))\">\($0.mark.rawValue)</span>"
      }
      content += "<span class=\"t\">\(HTMLText.escape(figureDuration(value.median)))\(marks.joined())</span>"
      if value.median != nil { content += "<span class=\"n\">\(HTMLText.escape(value.samples.text))</span>" }
    }
    let classAttribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
    // Sorted by the ratio where there is one (apple's column by its time).
    let sortKey = latest?.ratioValue ?? latest?.median?.number
    let data =
      " data-strategy=\"\(HTMLText.escape(strategy))\" data-sort=\"\(sortKey.map { String($0) } ?? "")\""
    return "<td\(classAttribute)\(style)\(data)>\(content)</td>"
  }
}
