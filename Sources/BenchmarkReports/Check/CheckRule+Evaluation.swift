import BenchmarkKit

/// The verdict of one rule on one case.
public struct RuleVerdict: Sendable {
  /// The rule.
  public var rule: CheckRule
  /// The case the value comes from, or `nil` when nothing matched.
  public var key: CaseKey?
  /// The value compared with the bound: the measured ratio of a relative rule.
  public var value: Double?
  /// Whether the rule holds.
  public var passed: Bool
  /// One line for the user, starting with `PASS` or `FAIL`.
  public var line: String
}

extension CheckRule {
  /// Evaluates the rule on every case it covers in `run`: each matching
  /// strategy, scenario and size.
  ///
  /// A relative rule on the median divides paired samples: the median of the
  /// per-round ratios of the two strategies, which the runner sampled side by
  /// side, so drift of the machine cancels out (see ``PairedRatio``). A rule that
  /// matches no measured case fails: a gate that silently checks nothing is worse
  /// than one that complains.
  public func evaluate(in run: BenchmarkRun) -> [RuleVerdict] {
    let candidates = run.cases.filter { result in
      strategy.matches(result.strategy)
        && (size == nil || result.size == size)
        && (scenario.description.contains("/")
          ? scenario.matches("\(result.suite)/\(result.scenario)") : scenario.matches(result.scenario))
    }
    guard !candidates.isEmpty else {
      return [RuleVerdict(rule: self, key: nil, value: nil, passed: false, line: "FAIL \(text): no such case in the results")]
    }
    return candidates.map { result in
      let place = "\(result.suite)/\(result.scenario)[\(result.size)]"
      let subject = strategy.hasWildcards ? "for \(result.strategy) at \(place)" : "at \(place)"
      guard let value = metric.value(of: result), result.failure == nil else {
        return verdict(result.key, nil, false, "FAIL \(text) \(subject): \(result.strategy) has no \(metric.rawValue) (\(result.failure ?? "not measured"))")
      }
      guard let reference else {
        let passed = comparison.holds(value, bound)
        return verdict(
          result.key, value, passed,
          "\(passed ? "PASS" : "FAIL") \(text) \(subject): measured \(NumberFormat.fixed(value)) \(passed ? comparison.rawValue : comparison.negated) \(NumberFormat.fixed(bound))")
      }
      let referenceKey = CaseKey(suite: result.suite, scenario: result.scenario, strategy: reference, size: result.size)
      guard let other = run.cases.first(where: { $0.key == referenceKey }), other.failure == nil,
        let otherValue = metric.value(of: other), otherValue != 0
      else {
        return verdict(result.key, nil, false, "FAIL \(text) \(subject): no usable \(metric.rawValue) for \(reference)")
      }
      let paired = metric == .median ? PairedRatio.of(result, to: other) : nil
      let ratio = paired ?? value / otherValue
      let passed = comparison.holds(ratio, bound)
      let how = paired != nil ? "paired ratio" : "ratio"
      return verdict(
        result.key, ratio, passed,
        "\(passed ? "PASS" : "FAIL") \(text) \(subject): \(how) \(NumberFormat.fixed(ratio)) \(passed ? comparison.rawValue : comparison.negated) \(NumberFormat.fixed(bound)) (\(NumberFormat.fixed(value)) / \(NumberFormat.fixed(otherValue)))")
    }
  }

  private func verdict(_ key: CaseKey?, _ value: Double?, _ passed: Bool, _ line: String) -> RuleVerdict {
    RuleVerdict(rule: self, key: key, value: value, passed: passed, line: line)
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
