import BenchmarkKit

/// Whether the intervals a run publishes are honest: how many of a second run's
/// published figures lie inside the first run's published 95% intervals of them,
/// for the ratios to `apple` and for the medians; with two checks of the first
/// run on its own (``Bounds``, ``Samples``).
///
/// Two back-to-back runs of the same code measure the same true figures, so an
/// interval that covers its truth 95% of the time covers the other run's
/// estimate most of the time too (somewhat less, since that estimate has its own
/// noise). A share far below that means the intervals are too narrow. Every
/// figure is read from ``CaseResult/published``, as the reports print it.
public struct IntervalCoverage: Sendable {
  /// One case measured in both runs: the first run's interval and the second's figure.
  public struct Entry: Sendable {
    /// The case.
    public var key: CaseKey
    /// The first run's published 95% interval.
    public var interval: ClosedRange<Double>
    /// The second run's published value.
    public var estimate: Double
    /// The first run's own published value, where it is one.
    public var firstValue: Double?
    /// Whether the value lies inside the interval.
    public var covered: Bool { interval.contains(estimate) }
  }

  /// One figure compared over every case of both runs.
  public struct Tally: Sendable {
    /// Every case with an interval in the first run and a value in the second, by key.
    public var entries: [Entry] = []
    /// Cases of both runs left out: no interval in the first run (a bound, a
    /// failure) or no value in the second.
    public var skipped = 0

    /// How many entries are covered.
    public var covered: Int { entries.filter(\.covered).count }

    /// The share of entries covered, 0…1, or `nil` when there are none.
    public var share: Double? {
      entries.isEmpty ? nil : Double(covered) / Double(entries.count)
    }

    /// The entries covered within each suite, by suite name.
    public var shareBySuite: [(suite: String, covered: Int, cases: Int)] {
      Dictionary(grouping: entries, by: \.key.suite).keys.sorted().map { suite in
        let inSuite = entries.filter { $0.key.suite == suite }
        return (suite, inSuite.filter(\.covered).count, inSuite.count)
      }
    }
  }

  /// The second run's ratios to `apple` against the first run's intervals of them
  /// (``PublishedFigures/ratioInterval``). Cases whose `apple` case is missing
  /// from either run are not counted at all.
  public var ratios: Tally
  /// The second run's medians against the first run's 95% intervals of the
  /// median (``PublishedFigures/ciLowNs`` … ``PublishedFigures/ciHighNs``); a
  /// case whose median is a bound in the first run, or not a value in the
  /// second, is left out.
  public var medians: Tally
  /// The first run's bounds against its own passes' medians.
  public var bounds: Bounds
  /// How many samples the first run's cases have; `nil` when none has any.
  public var samples: Samples?

  /// Compares `second`'s published figures with `first`'s published intervals.
  public init(first: BenchmarkRun, second: BenchmarkRun) {
    let one = Dictionary(first.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let two = Dictionary(second.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    var ratios = Tally()
    var medians = Tally()
    for key in Set(one.keys).intersection(two.keys).sorted() {
      guard let a = one[key]?.published, let b = two[key]?.published else {
        medians.skipped += 1
        if key.strategy != ReferenceStrategy.apple, Self.hasReference(key, in: one, two) { ratios.skipped += 1 }
        continue
      }
      if let entry = Self.medianEntry(key, a, b) { medians.entries.append(entry) } else { medians.skipped += 1 }
      guard key.strategy != ReferenceStrategy.apple, Self.hasReference(key, in: one, two) else { continue }
      if let interval = a.ratioInterval, let ratio = b.ratioToApple?.value {
        ratios.entries.append(Entry(key: key, interval: interval, estimate: ratio, firstValue: a.ratioToApple?.value))
      } else {
        ratios.skipped += 1
      }
    }
    self.ratios = ratios
    self.medians = medians
    bounds = Bounds(of: first)
    samples = Samples(of: first)
  }

  /// `a`'s interval of the median and `b`'s median, when `a`'s median is a value
  /// and `b`'s median is a value.
  ///
  /// The interval is what `a` published: a low end published as a bound (`< x`)
  /// says only that the interval starts somewhere under `x`, so it runs from 0;
  /// a high end published as a bound runs to that bound.
  private static func medianEntry(_ key: CaseKey, _ a: PublishedFigures, _ b: PublishedFigures) -> Entry? {
    guard a.medianNs.value != nil, let high = a.ciHighNs.number, let median = b.medianNs.value else { return nil }
    let low: Double
    switch a.ciLowNs {
    case .value(let value): low = value
    case .below: low = 0
    case .above, .unresolved: return nil
    }
    guard low <= high else { return nil }
    return Entry(key: key, interval: low...high, estimate: median, firstValue: a.medianNs.value)
  }

  /// Whether both runs measured `apple` beside `key`.
  private static func hasReference(
    _ key: CaseKey, in one: [CaseKey: CaseResult], _ two: [CaseKey: CaseResult]
  ) -> Bool {
    let reference = CaseKey(suite: key.suite, scenario: key.scenario, strategy: ReferenceStrategy.apple, size: key.size)
    return one[reference] != nil && two[reference] != nil
  }
}
