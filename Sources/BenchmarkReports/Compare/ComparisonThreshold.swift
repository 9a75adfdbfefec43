extension RunComparison {
  /// The threshold in `text`, which must be an explicit percentage such as `5%`
  /// or `12.5%`, as a fraction (0.05).
  ///
  /// A bare number is refused: `0.5` (50%?) and `1` (1%?) were read both ways.
  ///
  /// - Throws: ``ReportError`` when it is not a positive percentage below 1000%.
  public static func parseThreshold(_ text: String) throws(ReportError) -> Double {
    guard text.hasSuffix("%") else {
      throw ReportError("malformed threshold '\(text)'; give a percentage such as 5%")
    }
    guard let value = Double(text.dropLast()), value.isFinite, value > 0, value < 1000 else {
      throw ReportError("malformed threshold '\(text)'; give a positive percentage such as 5%")
    }
    return value / 100
  }
}
