import BenchmarkKit

/// The verdict of one rule at one size.
public struct RuleVerdict: Sendable {
  /// The rule.
  public var rule: CheckRule
  /// The case the value comes from, or `nil` when nothing matched.
  public var key: CaseKey?
  /// The value compared with the bound.
  public var value: Double?
  /// Whether the rule holds.
  public var passed: Bool
  /// One line for the user.
  public var line: String
}

extension CheckRule {
  /// Evaluates the rule at every size it covers in `run`.
  ///
  /// A rule that matches no measured case fails: a gate that silently checks
  /// nothing is worse than one that complains.
  public func evaluate(in run: BenchmarkRun) -> [RuleVerdict] {
    let candidates = run.cases.filter { result in
      result.strategy == strategy
        && (size == nil || result.size == size)
        && (scenario.description.contains("/")
          ? scenario.matches("\(result.suite)/\(result.scenario)") : scenario.matches(result.scenario))
    }
    guard !candidates.isEmpty else {
      return [RuleVerdict(rule: self, key: nil, value: nil, passed: false, line: "FAIL \(text): no such case in the results")]
    }
    return candidates.map { result in
      let where_ = "\(result.suite)/\(result.scenario)[\(result.size)]"
      guard let value = metric.value(of: result) else {
        return verdict(result.key, nil, false, "FAIL \(text) at \(where_): \(strategy) has no \(metric.rawValue) (\(result.failure ?? "not measured"))")
      }
      guard let reference else {
        let passed = comparison.holds(value, bound)
        return verdict(result.key, value, passed, "\(passed ? "PASS" : "FAIL") \(text) at \(where_): \(NumberFormat.fixed(value)) \(comparison.rawValue) \(NumberFormat.fixed(bound))")
      }
      let referenceKey = CaseKey(suite: result.suite, scenario: result.scenario, strategy: reference, size: result.size)
      guard let other = run.cases.first(where: { $0.key == referenceKey }).flatMap(metric.value(of:)), other != 0 else {
        return verdict(result.key, nil, false, "FAIL \(text) at \(where_): no usable \(metric.rawValue) for \(reference)")
      }
      let ratio = value / other
      let passed = comparison.holds(ratio, bound)
      return verdict(result.key, ratio, passed, "\(passed ? "PASS" : "FAIL") \(text) at \(where_): \(NumberFormat.fixed(value)) / \(NumberFormat.fixed(other)) = \(NumberFormat.fixed(ratio)) \(comparison.rawValue) \(NumberFormat.fixed(bound))")
    }
  }

  private func verdict(_ key: CaseKey?, _ value: Double?, _ passed: Bool, _ line: String) -> RuleVerdict {
    RuleVerdict(rule: self, key: key, value: value, passed: passed, line: line)
  }
}
