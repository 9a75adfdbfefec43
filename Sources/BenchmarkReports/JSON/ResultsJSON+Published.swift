import BenchmarkKit

extension ResultsJSON {
  /// The run in the file at `path`, each case with the figures it published.
  ///
  /// A file written before runs stored their figures gets them published now
  /// (``BenchmarkRun/publishingMissingFigures()``); a newer file is read as it
  /// was written, so a report of it prints the numbers the run printed.
  ///
  /// - Throws: ``ReportError`` when the file cannot be read or holds no valid run.
  public static func readPublished(path: String) throws(ReportError) -> BenchmarkRun {
    try read(path: path).publishingMissingFigures()
  }
}
