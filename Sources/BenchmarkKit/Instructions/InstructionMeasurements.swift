import Foundation

/// What a callgrind child measured, read back by the parent: per case its
/// instructions per operation, or why it has none.
public struct InstructionMeasurements: Sendable {
  /// One case's outcome.
  public struct Case: Sendable {
    /// The case.
    public var key: CaseKey
    /// Operations per loop iteration.
    public var operationsPerIteration: Int
    /// The iteration step of the three counts.
    public var step: Int
    /// The count, or `nil` when the case was skipped or failed.
    public var count: InstructionCount?
    /// Its calls into the runtime's reference counting and allocation per
    /// operation, or `nil` when it has no count.
    public var runtimeCalls: RuntimeCalls?
    /// Why the case was skipped (it is then left out of the results).
    public var skipReason: String?
    /// Why set-up failed.
    public var failure: String?

    /// Creates a case's outcome.
    public init(
      key: CaseKey, operationsPerIteration: Int, step: Int = 0, count: InstructionCount? = nil,
      skipReason: String? = nil, failure: String? = nil
    ) {
      self.key = key
      self.operationsPerIteration = operationsPerIteration
      self.step = step
      self.count = count
      self.skipReason = skipReason
      self.failure = failure
    }
  }

  /// Every case, in plan order.
  public var cases: [Case]
  /// The reference loop's instructions per operation, by loop shape.
  public var loopPerOperation: [Int: Double]

  /// Creates measurements from their cases.
  public init(cases: [Case], loopPerOperation: [Int: Double] = [:]) {
    self.cases = cases
    self.loopPerOperation = loopPerOperation
  }

  /// Puts together what several children measured, cases in the order given.
  ///
  /// Each child counts its own reference loop; the loop is the same code in
  /// every process, so the first count of each shape stands for all.
  public init(merging parts: [InstructionMeasurements]) {
    cases = parts.flatMap(\.cases)
    loopPerOperation = parts.reduce(into: [:]) { references, part in
      references.merge(part.loopPerOperation) { first, _ in first }
    }
  }

  /// Reads the manifest and dumps the child left in `directory`.
  ///
  /// - Throws: ``CallgrindError`` when the manifest or a dump is missing or unreadable.
  public init(directory: String) throws(CallgrindError) {
    let entries = try Self.manifest(in: directory)
    let base = Callgrind.dumpBase(in: directory)
    func texts(_ entry: InstructionManifestEntry) throws(CallgrindError) -> [String] {
      var texts = [String]()
      for number in entry.dumps {
        let path = "\(base).\(number)"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
          throw CallgrindError("callgrind dump \(path) is missing")
        }
        texts.append(text)
      }
      return texts
    }
    func totals(_ entry: InstructionManifestEntry) throws(CallgrindError) -> [UInt64] {
      var totals = [UInt64]()
      for text in try texts(entry) { totals.append(try CallgrindDump.total(of: text[...])) }
      return totals
    }
    var references = [Int: Double]()
    for entry in entries where entry.kind == .reference {
      references[entry.operationsPerIteration] = InstructionCount.reference(
        counts: try totals(entry), step: entry.step, operationsPerIteration: entry.operationsPerIteration)
    }
    var cases = [Case]()
    for entry in entries where entry.kind != .reference {
      var result = Case(
        key: entry.key, operationsPerIteration: entry.operationsPerIteration, step: entry.step)
      switch entry.kind {
      case .measured:
        let dumps = try texts(entry)
        var totals = [UInt64]()
        for text in dumps { totals.append(try CallgrindDump.total(of: text[...])) }
        result.count = InstructionCount(
          counts: totals, step: entry.step, operationsPerIteration: entry.operationsPerIteration,
          loopPerOperation: references[entry.operationsPerIteration] ?? 0)
        if dumps.count == 3 {
          result.runtimeCalls = RuntimeCalls(
            perOperation: dumps.map { RuntimeCalls(dump: $0[...]) }, step: entry.step,
            operationsPerIteration: entry.operationsPerIteration)
        }
      case .skipped:
        result.skipReason = entry.note
      case .failed, .reference:
        result.failure = entry.note
      }
      cases.append(result)
    }
    self.cases = cases
    self.loopPerOperation = references
  }

  /// The manifest the child left in `directory`.
  ///
  /// - Throws: ``CallgrindError`` when it is missing or unreadable.
  public static func manifest(in directory: String) throws(CallgrindError) -> [InstructionManifestEntry] {
    let path = "\(directory)/\(manifestName)"
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      return try JSONDecoder().decode([InstructionManifestEntry].self, from: data)
    } catch {
      throw CallgrindError("the callgrind run left no readable manifest at \(path)")
    }
  }

  /// The manifest's file name in the dump folder.
  public static let manifestName = "manifest.json"

  /// Writes `entries` as the manifest of `directory`.
  public static func writeManifest(_ entries: [InstructionManifestEntry], to directory: String) throws {
    let data = try JSONEncoder().encode(entries)
    try data.write(to: URL(fileURLWithPath: "\(directory)/\(manifestName)"), options: .atomic)
  }

  /// The results of an instructions-only run: one per measured or failed case,
  /// skipped cases left out.
  public var results: [CaseResult] {
    cases.filter { $0.skipReason == nil }.map { item in
      var result = CaseResult(
        suite: item.key.suite, scenario: item.key.scenario, strategy: item.key.strategy, size: item.key.size)
      result.operationsPerIteration = item.operationsPerIteration
      result.iterations = 3 * item.step
      result.failure = item.failure
      apply(item, to: &result)
      return result
    }
  }

  /// Adds the counts to the timed results of the same cases.
  public func apply(to results: inout [CaseResult]) {
    let byKey = Dictionary(cases.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    for index in results.indices {
      if let item = byKey[results[index].key] { apply(item, to: &results[index]) }
    }
  }

  private func apply(_ item: Case, to result: inout CaseResult) {
    result.instructionsPerOperation = item.count?.perOperation
    result.instructionsNote = item.count?.note
    result.runtimeCalls = item.runtimeCalls
  }
}
