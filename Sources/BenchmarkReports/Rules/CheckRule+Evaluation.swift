import BenchmarkKit

/// The verdict of one rule on one case.
public struct RuleVerdict: Sendable {
  /// The rule.
  public var rule: CheckRule
  /// The case the value comes from, or `nil` when nothing matched.
  public var key: CaseKey?
  /// The value compared with the bound: the measured ratio of a relative rule, or
  /// the bound of it when the run could not resolve the value.
  public var value: Double?
  /// Whether the rule holds.
  public var holds: Bool
  /// One line for the user, starting with `PASS`, `FAIL` or `WARN`.
  public var line: String
  /// Why the case is no time gate (``TimeGate``), when the rule times one: the
  /// verdict then passes whatever was measured, and its line says why.
  public var warning: String? = nil
  /// Whether the rule judged nothing because its suite was not run at all:
  /// a run of a selection (`--suite mutations`) leaves the other suites' rules
  /// nothing to judge, which is not a gate passing and not a typo either.
  public var skipped = false
}

extension CheckRule {
  /// Evaluates the rule on every case it covers in `run`: each matching
  /// strategy, scenario and size.
  ///
  /// A relative rule on the median divides paired samples: the median of the
  /// per-round ratios of the two strategies, which the runner sampled side by
  /// side, so drift of the machine cancels out (see ``PairedRatio``). A median
  /// under its case's resolution is a bound (``CaseResult/medianFigure``) and is
  /// judged as one, never divided: `< 0.02` passes `<= 0.05`; a bound that
  /// cannot show the rule holds (`< 0.2` against `<= 0.05`, or a reference under
  /// its resolution) fails as "cannot judge". A rule that matches no measured
  /// case fails: a gate that silently checks nothing is worse than one that complains.
  /// A relative rule on the median of a case that is no time gate (a few
  /// nanoseconds, contention: ``TimeGate``) warns and passes.
  public func evaluate(in run: BenchmarkRun) -> [RuleVerdict] {
    let candidates = matches(in: run)
    if candidates.isEmpty, let suite = suiteNamed, !run.cases.contains(where: { $0.suite == suite }) {
      var verdict = RuleVerdict(
        rule: self, key: nil, value: nil, holds: true,
        line: "SKIP \(text): suite \(suite) is not in the results (a run of a selection)")
      verdict.skipped = true
      return [verdict]
    }
    guard !candidates.isEmpty else {
      return [
        RuleVerdict(rule: self, key: nil, value: nil, holds: false, line: "FAIL \(text): no such case in the results")
      ]
    }
    return candidates.map { result in
      let place = "\(result.suite)/\(result.scenario)[\(result.size)]"
      let subject = strategy.hasWildcards ? "for \(result.strategy) at \(place)" : "at \(place)"
      guard let figure = self.figure(of: result), result.failure == nil else {
        return verdict(
          result.key, nil, false,
          "FAIL \(text) \(subject): \(result.strategy) has no \(metric.rawValue) (\(result.failure ?? "not measured"))")
      }
      guard let reference else {
        return judge(figure, key: result.key, "\(subject): measured", detail: "")
      }
      let referenceKey = CaseKey(suite: result.suite, scenario: result.scenario, strategy: reference, size: result.size)
      guard let other = run.cases.first(where: { $0.key == referenceKey }), other.failure == nil,
        let otherFigure = self.figure(of: other)
      else {
        return verdict(result.key, nil, false, "FAIL \(text) \(subject): no usable \(metric.rawValue) for \(reference)")
      }
      guard case .value(let otherValue) = otherFigure, otherValue > 0 else {
        return verdict(
          result.key, nil, false,
          "FAIL \(text) \(subject): cannot judge, \(reference) is \(describe(otherFigure)), under what the run resolves"
        )
      }
      let ratio: Figure
      var how = "ratio"
      switch figure {
      case .value(let value):
        let paired = metric == .median ? PairedRatio.of(result, to: other) : nil
        if paired != nil { how = "paired ratio" }
        ratio = .value(paired ?? value / otherValue)
      default:
        // A bound over a value: the ratio is below bound / the reference's lowest plausible value.
        ratio = Figure.ratio(figure, over: otherFigure, value: nil, denominatorLow: other.statistics?.ciLow)
      }
      let judged = judge(
        ratio, key: result.key, "\(subject): \(how)", detail: " (\(describe(figure)) / \(describe(otherFigure)))")
      guard metric == .median, let reason = TimeGate.exclusion(of: result, against: other) else { return judged }
      return Self.warned(judged, reason)
    }
  }

  // A verdict on a case that is no time gate: it passes, and says what it would
  // have said and why it does not count.
  private static func warned(_ verdict: RuleVerdict, _ reason: String) -> RuleVerdict {
    var warned = verdict
    warned.holds = true
    warned.warning = reason
    warned.line = "WARN " + verdict.line.drop { $0 != " " }.dropFirst() + "; not a time gate: " + reason
    return warned
  }

  /// The cases of `run` the rule covers.
  public func matches(in run: BenchmarkRun) -> [CaseResult] {
    run.cases.filter { covers($0.key) }
  }

  /// The suite the rule names (`suite/scenario`), where it names one without
  /// a wildcard; `nil` for a bare scenario or a suite glob.
  var suiteNamed: String? {
    let text = scenario.description
    guard let slash = text.firstIndex(of: "/") else { return nil }
    let suite = String(text[..<slash])
    return suite.contains(where: { "*?[".contains($0) }) ? nil : suite
  }

  /// Whether the rule bounds `key`.
  public func covers(_ key: CaseKey) -> Bool {
    strategy.matches(key.strategy)
      && (size == nil || key.size == size)
      && (scenario.description.contains("/")
        ? scenario.matches("\(key.suite)/\(key.scenario)") : scenario.matches(key.scenario))
  }

  /// The cases of `keys` judging the rule needs: those it bounds, and the
  /// reference strategy's beside each.
  public func needed(of keys: [CaseKey]) -> Set<CaseKey> {
    var needed = Set<CaseKey>()
    for key in keys where covers(key) {
      needed.insert(key)
      if let reference {
        needed.insert(CaseKey(suite: key.suite, scenario: key.scenario, strategy: reference, size: key.size))
      }
    }
    return needed.intersection(keys)
  }

  /// The metric of `result` as published: a time under the case's resolution is a bound.
  func figure(of result: CaseResult) -> Figure? {
    guard let value = metric.value(of: result) else { return nil }
    return metric == .median ? result.medianFigure : .value(value)
  }

  private func judge(_ figure: Figure, key: CaseKey, _ subject: String, detail: String) -> RuleVerdict {
    switch figure {
    case .value(let value) where value >= 0:
      let holds = comparison.holds(value, bound)
      return verdict(
        key, value, holds,
        "\(holds ? "PASS" : "FAIL") \(text) \(subject) \(NumberFormat.fixed(value)) "
          + "\(holds ? comparison.rawValue : comparison.negated) \(NumberFormat.fixed(bound))\(detail)"
      )
    case .below(let least) where comparison == .atMost || comparison == .below:
      let holds = comparison.holds(least, bound)
      let what =
        holds
        ? "\(comparison.rawValue) \(NumberFormat.fixed(bound))" : "cannot judge against \(NumberFormat.fixed(bound))"
      return verdict(
        key, least, holds,
        "\(holds ? "PASS" : "FAIL") \(text) \(subject) < \(NumberFormat.fixed(least)), \(what)\(detail)")
    case .below(let least) where comparison.holds(0, bound):
      // Times and ratios are never negative: a lower bound at or under zero holds.
      return verdict(key, least, true, "PASS \(text) \(subject) < \(NumberFormat.fixed(least)), never below 0\(detail)")
    default:
      return verdict(
        key, nil, false,
        "FAIL \(text) \(subject) \(describe(figure)): cannot judge against \(NumberFormat.fixed(bound))\(detail)")
    }
  }

  private func describe(_ figure: Figure) -> String {
    switch figure {
    case .value(let value): NumberFormat.fixed(value)
    case .below(let bound): "< " + NumberFormat.fixed(bound)
    case .above(let bound): "> " + NumberFormat.fixed(bound)
    case .unresolved: "unresolved"
    }
  }

  private func verdict(_ key: CaseKey?, _ value: Double?, _ holds: Bool, _ line: String) -> RuleVerdict {
    RuleVerdict(rule: self, key: key, value: value, holds: holds, line: line)
  }
}

extension CheckRule.Comparison {
  /// The operator that holds when this one does not, for messages.
  var negated: String {
    switch self {
    case .atMost: ">"
    case .below: ">="
    case .atLeast: "<"
    case .above: "<="
    }
  }
}
