import BenchmarkKit
import Foundation

/// The report's profile view, drawn when the run kept callgrind profiles: for
/// each suite's headline case, where each strategy's instructions per
/// operation go (one stacked bar of groups per strategy), and for each axis of
/// the strategy matrix the change between matched pairs that differ only in it,
/// by group, so a reader sees in which part of an operation an axis costs.
enum ProfileView {
  /// One axis of the matrix: the position of its value in a strategy id
  /// `<registrar>-<scope>-<invalidation>` and the two values compared.
  struct Axis {
    var name: String
    var index: Int
    var from: String
    var to: String
  }

  /// The values of each axis, in id order.
  static let values: [Set<String>] = [["lock", "actor"], ["thread", "task"], ["keypath", "whole"]]

  static let axes = [
    Axis(name: "registrar", index: 0, from: "lock", to: "actor"),
    Axis(name: "scope", index: 1, from: "thread", to: "task"),
    Axis(name: "invalidation", index: 2, from: "keypath", to: "whole"),
  ]

  /// The section, or nothing when no headline case kept profiles.
  static func htmlSection(_ runs: ReportRuns) -> String {
    guard let profiles = runs.profiles, !profiles.cases.isEmpty else { return "" }
    var html = ""
    for (suite, scenario, size) in headlineCases(runs.latest, profiles: profiles) {
      let cases = profiles.cases.filter { $0.key.suite == suite && $0.key.scenario == scenario && $0.key.size == size }
        .sorted { $0.key.strategy < $1.key.strategy }
      guard !cases.isEmpty else { continue }
      let title = "\(suite)/\(scenario)[\(size)]"
      html += "<h3 id=\"\(anchor(suite: suite))\">\(HTMLText.escape(title))</h3>\n"
      let rows = cases.map { profile in
        GroupBarChart.Row(
          label: profile.key.strategy, detail: nil,
          values: orderedGroups(profile.groups.keys).map {
            ($0, Double(profile.groups[$0] ?? 0) / Double(profile.operations))
          })
      }
      html +=
        GroupBarChart(rows: rows, diverging: false, unit: "instructions per operation")
        .render(label: "\(title): instructions per operation by group, per strategy") + "\n"
      let axisRows = axes.compactMap { axisRow($0, cases: cases) }
      if !axisRows.isEmpty {
        html +=
          "<p class=\"note\">Change along each axis: the mean over the pairs of strategies that differ only in it "
          + "(exact per pair, from callgrind counts), by group; the black mark is the net change.</p>\n"
        html +=
          GroupBarChart(rows: axisRows, diverging: true, unit: "instructions per operation")
          .render(label: "\(title): change of instructions per operation along each axis, by group") + "\n"
      }
    }
    guard !html.isEmpty else { return "" }
    return "<h2 id=\"profiles\">Where the instructions go</h2>\n<p class=\"note\">"
      + HTMLText.escape(
        "Instructions per operation of each suite's headline case by group, from the callgrind profiles the run kept "
          + "(results-profiles.json), the harness loop included: registrar, scope, store, alloc (malloc/free, "
          + "retain/release), notify, harness (the loop), workload (the case's own code and what was inlined into it), "
          + "other (standard library, runtime). obsbench explain SUITE/SCENARIO A B --profiles results.json lists the "
          + "functions."
      )
      + "</p>\n" + html
  }

  /// The suites whose headline case the view explains: the effects table links
  /// their axis rows to it.
  static func explainedSuites(_ runs: ReportRuns) -> Set<String> {
    guard let profiles = runs.profiles, !profiles.cases.isEmpty else { return [] }
    return Set(headlineCases(runs.latest, profiles: profiles).map(\.0))
  }

  /// The anchor of a suite's headline case in the view.
  static func anchor(suite: String) -> String {
    "profile-" + HTMLText.anchor(suite)
  }

  // The mean change over the matched pairs along `axis`, by group.
  private static func axisRow(_ axis: Axis, cases: [KeptProfile]) -> GroupBarChart.Row? {
    let byStrategy = Dictionary(cases.map { ($0.key.strategy, $0) }, uniquingKeysWith: { first, _ in first })
    var sums = [String: Double]()
    var pairs = 0
    for profile in cases {
      var parts = profile.key.strategy.split(separator: "-").map(String.init)
      // Only the matrix's eight ids: a refinement (`+checked`) has no matched pair.
      guard parts.count == 3, zip(parts, Self.values).allSatisfy({ $1.contains($0) }), parts[axis.index] == axis.from
      else { continue }
      parts[axis.index] = axis.to
      guard let other = byStrategy[parts.joined(separator: "-")] else { continue }
      let explanation = ProfileExplanation(before: profile, after: other)
      for group in explanation.groups { sums[group.name, default: 0] += group.delta.perOperation }
      pairs += 1
    }
    guard pairs > 0 else { return nil }
    return GroupBarChart.Row(
      label: "\(axis.name): \(axis.from) → \(axis.to)", detail: "mean of \(pairs) pair\(pairs == 1 ? "" : "s")",
      values: orderedGroups(sums.keys).map { ($0, (sums[$0] ?? 0) / Double(pairs)) })
  }

  private static func orderedGroups<S: Sequence>(_ names: S) -> [String] where S.Element == String {
    let set = Set(names)
    let order = ProfileExplanation.defaultGroupOrder
    return order.filter(set.contains) + set.subtracting(order).sorted()
  }

  // Each suite's headline scenario (the run's choice, else its first scenario)
  // at its smallest size with kept profiles.
  private static func headlineCases(
    _ run: BenchmarkRun, profiles: KeptProfiles
  ) -> [(String, String, Int)] {
    var seen = Set<String>()
    var result = [(String, String, Int)]()
    for profile in profiles.cases where seen.insert(profile.key.suite).inserted {
      let suite = profile.key.suite
      let scenario = run.suiteHeadlines?[suite] ?? profile.key.scenario
      let sizes = profiles.cases.filter { $0.key.suite == suite && $0.key.scenario == scenario }.map(\.key.size)
      guard let size = sizes.min() else { continue }
      result.append((suite, scenario, size))
    }
    return result
  }
}
