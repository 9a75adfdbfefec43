/// A defect the harness can be told to have, so that a test can prove the
/// self-check suite fails on a broken harness (`obsbench run --suite selfcheck
/// --inject-fault NAME`).
public enum HarnessFault: String, CaseIterable, Codable, Hashable, Sendable {
  /// Divides each sample by its loop iterations, not by its operations: an
  /// unrolled case reports the time of eight operations as one.
  case unrollingIgnored = "unrolling-ignored"
  /// Subtracts the single-operation loop's overhead from every case, whatever
  /// its loop's shape: the defect of measuring overhead on a loop that is not the
  /// case's own.
  case referenceShapeIgnored = "reference-shape-ignored"
}
