import BenchmarkKit

/// A mark a report puts after a case's time: a reason to read that figure with
/// care, which the number alone does not show.
///
/// `summary.md` and `report.html` print the same marks with the same meanings
/// (their legends are ``legend``), and `results.csv` carries what they come from
/// in `calibration_note`, `outlasts_sample` and `pass_modes`.
enum CaseMark: String, CaseIterable, Sendable {
  /// The samples missed their target length by more than 2× (``CaseResult/calibrationNote``):
  /// calibration went wrong, so the samples are not what the run aimed at.
  case calibrationMissed = "†"
  /// One operation alone outlasts a sample (``CaseResult/outlastsSample``): one
  /// operation per sample, inherent in the case and not a defect.
  case outlastsSample = "‡"
  /// The passes' medians fell into separate modes (``CaseResult/passModes``);
  /// the published interval covers both.
  case passModes = "≈"

  /// The marks of `result`, in legend order.
  static func marks(of result: CaseResult) -> [CaseMark] {
    allCases.filter { $0.applies(to: result) }
  }

  /// Whether `result` carries this mark.
  func applies(to result: CaseResult) -> Bool {
    switch self {
    case .calibrationMissed: result.calibrationNote != nil
    case .outlastsSample: result.outlastsSample == true
    case .passModes: result.passModes != nil
    }
  }

  /// What the mark means, one clause for a legend.
  var meaning: String {
    switch self {
    case .calibrationMissed: "samples missed their target length by more than 2×"
    case .outlastsSample: "one operation outlasts a sample: one operation per sample, inherent"
    case .passModes: "its passes fell into separate modes; the interval covers both"
    }
  }

  /// What `result` itself says about the mark (the calibration note, the modes),
  /// for a hover title; the ``meaning`` where the case says nothing more.
  func detail(for result: CaseResult) -> String {
    switch self {
    case .calibrationMissed: result.calibrationNote ?? meaning
    case .outlastsSample: meaning
    case .passModes: result.passModes ?? meaning
    }
  }

  /// The marks as printed after a time: `†‡`, or nothing.
  static func text(_ marks: [CaseMark]) -> String {
    marks.map(\.rawValue).joined()
  }

  /// Every mark with its meaning, `†: samples missed …`, for a legend line.
  static func legend(quoting quote: (String) -> String) -> String {
    allCases.map { "\(quote($0.rawValue)): \($0.meaning)." }.joined(separator: " ")
  }
}
