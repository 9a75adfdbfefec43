/// What the callgrind child measured, one entry per case, in the order its dumps
/// were written: how the parent process maps dump files to cases.
public struct InstructionManifestEntry: Codable, Hashable, Sendable {
  /// What an entry records.
  public enum Kind: String, Codable, Sendable {
    /// A case measured at three iteration counts.
    case measured
    /// A reference loop of one shape, measured the same way.
    case reference
    /// A case this mode does not measure (``BenchmarkScenario/instructionsSkipReason``).
    case skipped
    /// A case whose set-up failed.
    case failed
  }

  /// What this entry records.
  public var kind: Kind
  /// The case (for a reference: suite `harness`, scenario `loop-overhead`).
  public var key: CaseKey
  /// Operations per loop iteration of the case.
  public var operationsPerIteration: Int
  /// The iteration step: the counts are at `step`, `2 × step` and `3 × step`.
  public var step: Int
  /// The numbers of the three dumps (callgrind's `.N` suffixes), in that order.
  public var dumps: [Int]
  /// Why the case was skipped or failed.
  public var note: String?

  /// Creates an entry.
  public init(
    kind: Kind, key: CaseKey, operationsPerIteration: Int, step: Int = 0, dumps: [Int] = [], note: String? = nil
  ) {
    self.kind = kind
    self.key = key
    self.operationsPerIteration = operationsPerIteration
    self.step = step
    self.dumps = dumps
    self.note = note
  }
}
