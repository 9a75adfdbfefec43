import BenchmarkKit

extension EffectAnalysis {
  /// The fewest notifications per operation any strategy of a case sends, the
  /// floor (`none`, which observes nothing) and failed cases left out; `nil`
  /// when none counts notifications.
  ///
  /// What the case needs is what its most frugal strategy got away with: every
  /// strategy's count is checked against what it promises (a run fails
  /// otherwise), so the fewest is a count that delivers every change.
  static func fewestNotifications(in cases: some Collection<CaseResult>) -> Double? {
    cases.filter { $0.strategy != ReferenceStrategy.floor && $0.failure == nil }
      .compactMap(\.notificationsPerOperation).min()
  }

  /// Both sides' notifications per operation, each the mean over the matched
  /// pairs whose two cases counted them *and differ*, against `fewest`; `nil`
  /// when no pair differs (the choice changes nothing there) or the case has
  /// no fewest.
  ///
  /// A pair whose sides notify alike says nothing of the choice, whatever else
  /// over-notifies: `actor` and `lock` both sending 5 000 where none is needed
  /// is the invalidation's doing, and blaming the registrar for it would hide
  /// that. Every candidate pair counts here, also one whose time is a bound: a
  /// count is exact whatever the time's resolution.
  static func notificationLoad(
    of pairs: [StrategyChoice.Pair], in strategies: [String: CaseResult], fewest: Double?
  ) -> NotificationLoad? {
    guard let fewest else { return nil }
    let counted = pairs.compactMap { pair -> (baseline: Double, alternative: Double)? in
      guard let baseline = strategies[pair.baseline], let alternative = strategies[pair.alternative],
        baseline.failure == nil, alternative.failure == nil,
        let from = baseline.notificationsPerOperation, let to = alternative.notificationsPerOperation
      else { return nil }
      return from == to ? nil : (from, to)
    }
    guard !counted.isEmpty else { return nil }
    let count = Double(counted.count)
    return NotificationLoad(
      baseline: counted.map(\.baseline).reduce(0, +) / count,
      alternative: counted.map(\.alternative).reduce(0, +) / count, fewest: fewest)
  }
}
