import BenchmarkKit

/// The run's strategies by where they sit (``BenchmarkRun/strategyRoles``), for the
/// reports' environment: "the matrix" is always the eight combinations of the
/// mission's axes, and what was added beside them is listed apart.
enum StrategyRolesText {
  /// The groups in the order reports list them, with their headings.
  static let groups: [(role: String, heading: String)] = [
    ("matrix", "the matrix"), ("variant", "variants"), ("refinement", "refinements (+identity)"),
    ("checked", "untracked-access checking (+checked)"),
    ("store-floor", "store floor (the store with nothing observed)"), ("reference", "reference"), ("floor", "floor"),
  ]

  /// `the matrix (8): lock-thread-keypath, …; refinements (+identity) (4): …`, in
  /// the run's case order, or `nil` when the run recorded no roles.
  static func describe(_ run: BenchmarkRun) -> String? {
    guard let roles = run.strategyRoles, !roles.isEmpty else { return nil }
    var order = [String]()
    for result in run.cases where !order.contains(result.strategy) { order.append(result.strategy) }
    let parts = groups.compactMap { group -> String? in
      let members = order.filter { roles[$0] == group.role }
      return members.isEmpty ? nil : "\(group.heading) (\(members.count)): \(members.joined(separator: ", "))"
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
