import Foundation

/// The growth exponent of one scenario and strategy across a size sweep.
///
/// The slope of the least-squares line through (log size, log median): 0 means
/// the cost does not depend on the size, 1 linear, 2 quadratic.
public struct GrowthFit: Codable, Hashable, Sendable {
  /// The suite of the fitted cases.
  public var suite: String
  /// The scenario of the fitted cases.
  public var scenario: String
  /// The strategy of the fitted cases.
  public var strategy: String
  /// The fitted slope of log(median) against log(size).
  public var exponent: Double
  /// The sizes that entered the fit (those with a positive median).
  public var sizes: [Int]

  /// Creates a fit from its parts.
  public init(suite: String, scenario: String, strategy: String, exponent: Double, sizes: [Int]) {
    self.suite = suite
    self.scenario = scenario
    self.strategy = strategy
    self.exponent = exponent
    self.sizes = sizes
  }

  /// The least-squares slope of log(y) against log(x), or `nil` when fewer than
  /// two distinct positive sizes have a positive value.
  ///
  /// Non-positive medians (an operation cheaper than the subtracted loop overhead)
  /// have no logarithm and are left out.
  public static func slope(points: [(size: Int, median: Double)]) -> Double? {
    let usable = points.filter { $0.size > 0 && $0.median > 0 && $0.median.isFinite }
    guard Set(usable.map(\.size)).count >= 2 else { return nil }
    let xs = usable.map { log(Double($0.size)) }
    let ys = usable.map { log($0.median) }
    let meanX = xs.reduce(0, +) / Double(xs.count)
    let meanY = ys.reduce(0, +) / Double(ys.count)
    var covariance = 0.0
    var variance = 0.0
    for (x, y) in zip(xs, ys) {
      covariance += (x - meanX) * (y - meanY)
      variance += (x - meanX) * (x - meanX)
    }
    return variance > 0 ? covariance / variance : nil
  }
}

extension GrowthFit {
  /// The fit of every suite, scenario and strategy that ran at two or more sizes
  /// with a valid median, in the order the results first name them.
  ///
  /// A sweep with a median the run could not resolve (a bound) is not fitted: a
  /// slope through bounds would be a slope through noise.
  public static func fits(of results: [CaseResult]) -> [GrowthFit] {
    var order = [CaseKey]()
    var points = [CaseKey: [(size: Int, median: Double)]]()
    var unresolved = Set<CaseKey>()
    for result in results where result.failure == nil {
      guard let figure = result.medianFigure else { continue }
      let key = CaseKey(suite: result.suite, scenario: result.scenario, strategy: result.strategy, size: 0)
      if points[key] == nil { order.append(key) }
      guard let median = figure.value else {
        unresolved.insert(key)
        continue
      }
      points[key, default: []].append((result.size, median))
    }
    return order.compactMap { key in
      guard !unresolved.contains(key), let sweep = points[key] else { return nil }
      guard let slope = slope(points: sweep) else { return nil }
      return GrowthFit(
        suite: key.suite, scenario: key.scenario, strategy: key.strategy, exponent: slope,
        sizes: sweep.filter { $0.median > 0 }.map(\.size))
    }
  }
}
