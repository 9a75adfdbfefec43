extension RunComparison {
  /// The thresholds `compare --threshold` takes, in percent: above 0, below 1000.
  public static let thresholdRange = "above 0% and below 1000%"

  /// The threshold in `text`, which must be an explicit percentage such as `5%`,
  /// `12.5%` or `.5%`, as a fraction (0.05).
  ///
  /// A bare number is refused: `0.5` (50%?) and `1` (1%?) were read both ways.
  /// The number is plain decimal digits with at most one point (no sign, no
  /// exponent): the grammar `scripts/ci` checks `OBSBENCH_THRESHOLD` against.
  ///
  /// - Throws: ``ReportError`` when it is not a percentage, or one outside
  ///   ``thresholdRange``.
  public static func parseThreshold(_ text: String) throws(ReportError) -> Double {
    let number = text.dropLast()
    let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDecimal =
      text.hasSuffix("%") && parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
      && !(parts.last ?? "").isEmpty
    guard isDecimal, let value = Double(number) else {
      throw ReportError("malformed threshold '\(text)'; give a percentage such as 5%")
    }
    guard value > 0, value < 1000 else {
      throw ReportError("threshold '\(text)' is out of range; give a percentage \(thresholdRange), such as 5%")
    }
    return value / 100
  }
}
