import BenchmarkKit

/// Whether the intervals a run publishes are honest: the share of cases whose
/// ratio to a reference strategy in a second run lies inside the first run's
/// interval of that ratio (``PairedRatio/interval(of:to:confidence:resamples:)``).
///
/// Two back-to-back runs of the same code measure the same true ratios, so an
/// interval that covers its truth 95% of the time covers the other run's
/// estimate most of the time too (somewhat less, since that estimate has its own
/// noise). A share far below that means the intervals are too narrow.
public struct IntervalCoverage: Sendable {
  /// One case measured in both runs.
  public struct Entry: Sendable {
    /// The case.
    public var key: CaseKey
    /// The first run's interval of the ratio.
    public var interval: ClosedRange<Double>
    /// The second run's ratio.
    public var ratio: Double
    /// Whether the ratio lies inside the interval.
    public var covered: Bool { interval.contains(ratio) }
  }

  /// Every case with an interval in the first run and a ratio in the second, by key.
  public var entries: [Entry]
  /// Cases of both runs left out: a median under its resolution, a failure, or
  /// fewer than 3 paired rounds in either run.
  public var skipped: Int
  /// The strategy the ratios are to.
  public var reference: String
  /// The interval's confidence.
  public var confidence: Double

  /// Measures the coverage of `first`'s intervals by `second`'s ratios to `reference`.
  public init(first: BenchmarkRun, second: BenchmarkRun, reference: String = "apple", confidence: Double = 0.95) {
    self.reference = reference
    self.confidence = confidence
    let one = Dictionary(first.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    let two = Dictionary(second.cases.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    var entries = [Entry]()
    var skipped = 0
    for key in Set(one.keys).intersection(two.keys).sorted() where key.strategy != reference {
      let referenceKey = CaseKey(suite: key.suite, scenario: key.scenario, strategy: reference, size: key.size)
      guard let a = one[key], let b = two[key], let aReference = one[referenceKey], let bReference = two[referenceKey]
      else { continue }
      guard let interval = PairedRatio.interval(of: a, to: aReference, confidence: confidence),
        case .value = b.medianFigure, case .value = bReference.medianFigure,
        let ratio = PairedRatio.of(b, to: bReference)
      else {
        skipped += 1
        continue
      }
      entries.append(Entry(key: key, interval: interval, ratio: ratio))
    }
    self.entries = entries
    self.skipped = skipped
  }

  /// The share of entries covered, 0…1, or `nil` when there are none.
  public var share: Double? {
    entries.isEmpty ? nil : Double(entries.filter(\.covered).count) / Double(entries.count)
  }

  /// The share covered within each suite, by suite name.
  public var shareBySuite: [(suite: String, covered: Int, cases: Int)] {
    Dictionary(grouping: entries, by: \.key.suite).keys.sorted().map { suite in
      let inSuite = entries.filter { $0.key.suite == suite }
      return (suite, inSuite.filter(\.covered).count, inSuite.count)
    }
  }
}
