import Foundation

/// The kept profiles of one run: the file written beside its results
/// (`results.json` → `results-profiles.json`), read back by `explain`,
/// `compare`, `check` and the report.
///
/// Compact by construction: function and group names are written once, in
/// tables, and each function of a case is one array of numbers
/// `[name, inclusive, group, self, (group, self)…]`, its own group first. Only
/// functions that executed in the measured region are kept.
public struct KeptProfiles: Hashable, Sendable {
  /// The file format's version; a reader refuses any other.
  public static let version = 1

  /// Every case's profile, in run order.
  public var cases: [KeptProfile]

  /// Creates the set.
  public init(_ cases: [KeptProfile]) {
    self.cases = cases
  }

  /// The profile of `key`, if kept.
  public subscript(key: CaseKey) -> KeptProfile? {
    cases.first { $0.key == key }
  }

  /// Where the kept profiles of the results file at `resultsPath` are:
  /// `DIR/NAME.json` → `DIR/NAME-profiles.json`.
  public static func path(forResults resultsPath: String) -> String {
    let trimmed = resultsPath.hasSuffix(".json") ? String(resultsPath.dropLast(5)) : resultsPath
    return trimmed + "-profiles.json"
  }

  /// The file name of the profiles kept beside `results.json`.
  public static let fileName = "results-profiles.json"
}

extension KeptProfiles: Codable {
  private enum CodingKeys: String, CodingKey {
    case version, groups, names, cases
  }

  private struct Case: Codable {
    var suite: String
    var scenario: String
    var strategy: String
    var size: Int
    var operations: Int
    var loopPerOperation: Double
    var lines: Bool?
    /// Runtime calls per operation: retains, releases, object allocations and
    /// deallocations; absent in files kept before they were counted.
    var calls: [Double]?
    var functions: [[Int64]]
  }

  public func encode(to encoder: Encoder) throws {
    var names = [String: Int64]()
    var nameTable = [String]()
    var groups = [String: Int64]()
    var groupTable = [String]()
    func index(_ name: String, in indices: inout [String: Int64], _ table: inout [String]) -> Int64 {
      if let found = indices[name] { return found }
      indices[name] = Int64(table.count)
      table.append(name)
      return Int64(table.count - 1)
    }
    var encodedCases = [Case]()
    for profile in cases {
      let rows = profile.functions.sorted { $0.name < $1.name }.map { function -> [Int64] in
        var row = [
          index(function.name, in: &names, &nameTable), function.inclusiveInstructions,
          index(function.group, in: &groups, &groupTable), function.parts[function.group] ?? 0,
        ]
        for (group, count) in function.parts.sorted(by: { $0.key < $1.key }) where group != function.group {
          row += [index(group, in: &groups, &groupTable), count]
        }
        return row
      }
      encodedCases.append(
        Case(
          suite: profile.key.suite, scenario: profile.key.scenario, strategy: profile.key.strategy,
          size: profile.key.size, operations: profile.operations, loopPerOperation: profile.loopPerOperation,
          lines: profile.hasLineInformation,
          calls: profile.runtimeCalls.map { [$0.retains, $0.releases, $0.objectAllocations, $0.objectDeallocations] },
          functions: rows))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.version, forKey: .version)
    try container.encode(groupTable, forKey: .groups)
    try container.encode(nameTable, forKey: .names)
    try container.encode(encodedCases, forKey: .cases)
  }

  public init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == Self.version else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription: "kept profiles of version \(version); this obsbench reads \(Self.version)")
    }
    let groups = try container.decode([String].self, forKey: .groups)
    let names = try container.decode([String].self, forKey: .names)
    var profiles = [KeptProfile]()
    for item in try container.decode([Case].self, forKey: .cases) {
      var functions = [KeptProfile.Function]()
      for row in item.functions {
        guard row.count >= 4, row.count % 2 == 0, let name = names[checked: row[0]], let group = groups[checked: row[2]]
        else {
          throw DecodingError.dataCorruptedError(
            forKey: .cases, in: container,
            debugDescription: "a function row of \(item.suite)/\(item.scenario) is malformed")
        }
        var parts = [group: row[3]]
        for pair in stride(from: 4, to: row.count, by: 2) {
          guard let other = groups[checked: row[pair]] else {
            throw DecodingError.dataCorruptedError(
              forKey: .cases, in: container,
              debugDescription: "a function row of \(item.suite)/\(item.scenario) names no group")
          }
          parts[other, default: 0] += row[pair + 1]
        }
        functions.append(KeptProfile.Function(name: name, group: group, parts: parts, inclusiveInstructions: row[1]))
      }
      profiles.append(
        KeptProfile(
          key: CaseKey(suite: item.suite, scenario: item.scenario, strategy: item.strategy, size: item.size),
          operations: item.operations, loopPerOperation: item.loopPerOperation, functions: functions,
          hasLineInformation: item.lines ?? false,
          runtimeCalls: item.calls.flatMap { calls in
            calls.count == 4
              ? RuntimeCalls(
                retains: calls[0], releases: calls[1], objectAllocations: calls[2], objectDeallocations: calls[3])
              : nil
          }))
    }
    cases = profiles
  }
}

extension KeptProfiles {
  /// The set as the file's bytes: compact JSON.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return try encoder.encode(self)
  }

  /// Reads a kept-profiles file.
  ///
  /// - Throws: ``CallgrindError`` with one line when the file is missing or not
  ///   a kept-profiles file of this version.
  public static func read(path: String) throws(CallgrindError) -> KeptProfiles {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw CallgrindError("no kept profiles at \(path)")
    }
    do {
      return try JSONDecoder().decode(KeptProfiles.self, from: data)
    } catch let DecodingError.dataCorrupted(context) {
      throw CallgrindError("kept profiles at \(path) are corrupt: \(context.debugDescription)")
    } catch {
      throw CallgrindError("kept profiles at \(path) are corrupt or of another format")
    }
  }
}

extension Array {
  fileprivate subscript(checked index: Int64) -> Element? {
    index >= 0 && index < count ? self[Int(index)] : nil
  }
}
