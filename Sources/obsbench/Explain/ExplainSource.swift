import BenchmarkKit
import Foundation

/// Where `obsbench explain` gets its two profiles, parsed from its arguments.
enum ExplainSource {
  /// Two strategies of `SUITE/SCENARIO`, counted now by this build.
  case strategies(path: String, before: String, after: String, size: String?)
  /// One strategy counted now by two builds: `baseline` (before) and `current` (after; this one when `nil`).
  case binaries(path: String, strategy: String, size: String?, baseline: String, current: String?)
  /// Kept profiles: one strategy in two files, or two strategies in one or two files.
  case kept(path: String, before: String, after: String, size: String?, beforeFile: String, afterFile: String)

  /// The two profiles and what to call them.
  struct Pair {
    var before: KeptProfile
    var after: KeptProfile
    var beforeLabel: String
    var afterLabel: String
  }

  /// Reads the arguments of `explain`.
  ///
  /// - Throws: ``UsageError`` when they name no case, or mix sources.
  init(parsed: ParsedArguments) throws(UsageError) {
    let positionals = parsed.positionals
    guard (2...3).contains(positionals.count) else {
      throw UsageError(
        "explain: expected SUITE/SCENARIO and one or two strategies, e.g. 'reads/tracked lock-thread-keypath "
          + "lock-task-keypath'; see 'obsbench explain --help'"
      )
    }
    let path = positionals[0]
    let first = positionals[1]
    let second = positionals.count == 3 ? positionals[2] : nil
    let size = parsed.value("--size")
    let before = parsed.value("--before")
    let after = parsed.value("--after")
    let profiles = parsed.value("--profiles")
    var baseline: String?
    if let named = parsed.value("--baseline-binary") {
      baseline = try ExecutablePath.resolve(named, option: "--baseline-binary", command: "explain")
    }
    let kept = before != nil || after != nil || profiles != nil
    if kept && baseline != nil {
      throw UsageError("explain: give kept profiles (--before/--after/--profiles) or --baseline-binary, not both")
    }
    if let baseline {
      guard second == nil else {
        throw UsageError("explain: --baseline-binary compares one strategy across two builds; give one strategy")
      }
      var current: String?
      if let named = parsed.value("--binary") {
        current = try ExecutablePath.resolve(named, option: "--binary", command: "explain")
      }
      self = .binaries(path: path, strategy: first, size: size, baseline: baseline, current: current)
    } else if parsed.value("--binary") != nil {
      throw UsageError("explain: --binary needs --baseline-binary")
    } else if kept {
      if profiles != nil, before != nil || after != nil {
        throw UsageError(
          "explain: give --profiles FILE for two strategies of one run, or --before and --after, not both")
      }
      guard let beforeFile = before ?? profiles, let afterFile = after ?? profiles else {
        throw UsageError("explain: --before and --after go together (kept profiles of two runs)")
      }
      if profiles != nil && second == nil {
        throw UsageError("explain: --profiles compares two strategies of one run; give two strategies")
      }
      self = .kept(
        path: path, before: first, after: second ?? first, size: size, beforeFile: beforeFile, afterFile: afterFile)
    } else {
      guard let second else {
        throw UsageError(
          "explain: one strategy needs another side: a second strategy, --baseline-binary PATH, or --before/--after "
            + "kept profiles"
        )
      }
      self = .strategies(path: path, before: first, after: second, size: size)
    }
  }

  /// Counts or reads the two profiles.
  ///
  /// - Throws: ``UsageError`` for an unknown case, strategy or file;
  ///   ``CallgrindError`` when valgrind fails or kept profiles are corrupt.
  func profiles(registry: [BenchmarkSuite], environment: [String: String], console: Console) throws -> Pair {
    switch self {
    case .strategies(let path, let before, let after, let size):
      let target = try ProfileTarget(
        path: path, strategies: [before, after], size: size, registry: registry, command: "explain")
      let kept = try Self.count(target, executable: nil, environment: environment, console: console)
      return Pair(
        before: try Self.find(kept, target, strategy: before, side: "this build"),
        after: try Self.find(kept, target, strategy: after, side: "this build"), beforeLabel: before,
        afterLabel: after)
    case .binaries(let path, let strategy, let size, let baseline, let current):
      let target = try ProfileTarget(
        path: path, strategies: [strategy], size: size, registry: registry, command: "explain")
      let old = try Self.count(target, executable: baseline, environment: environment, console: console)
      let new = try Self.count(target, executable: current, environment: environment, console: console)
      return Pair(
        before: try Self.find(old, target, strategy: strategy, side: baseline),
        after: try Self.find(new, target, strategy: strategy, side: current ?? "this build"),
        beforeLabel: "\(strategy) of \(baseline)", afterLabel: "\(strategy) of \(current ?? "this build")")
    case .kept(let path, let before, let after, let size, let beforeFile, let afterFile):
      let old = try KeptProfiles.read(path: Self.profilesPath(beforeFile))
      let new = try KeptProfiles.read(path: Self.profilesPath(afterFile))
      let beforeProfile = try Self.find(old, path: path, strategy: before, size: size, file: beforeFile)
      let afterProfile = try Self.find(
        new, path: path, strategy: after, size: size ?? String(beforeProfile.key.size), file: afterFile)
      let label = { (strategy: String, file: String) in beforeFile == afterFile ? strategy : "\(strategy) (\(file))" }
      return Pair(
        before: beforeProfile, after: afterProfile, beforeLabel: label(before, beforeFile),
        afterLabel: label(after, afterFile))
    }
  }

  /// The kept-profiles file a `--before`/`--after`/`--profiles` value names: the
  /// file itself, the profiles beside a results file, or those of a folder's
  /// `results.json` (else its `instructions.json`, as scripts/ci-instructions writes).
  static func profilesPath(_ given: String) throws(UsageError) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory) else {
      throw UsageError("explain: no file or folder \(given)")
    }
    if isDirectory.boolValue {
      for results in ["results.json", "instructions.json"] {
        let candidate = KeptProfiles.path(forResults: "\(given)/\(results)")
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
      }
      throw UsageError(
        "explain: \(given) holds no kept profiles (\(KeptProfiles.fileName)); runs with --metric instructions and "
          + "--format json keep them"
      )
    }
    if given.hasSuffix("-profiles.json") { return given }
    let beside = KeptProfiles.path(forResults: given)
    guard FileManager.default.fileExists(atPath: beside) else {
      throw UsageError("explain: no kept profiles beside \(given) (expected \(beside)); was it an instructions run?")
    }
    return beside
  }

  static func count(
    _ target: ProfileTarget, executable: String?, environment: [String: String], console: Console
  ) throws -> KeptProfiles {
    let callgrind = try Callgrind.locate(environment: environment)
    let directory = try CallgrindChild.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    console.printError(
      "obsbench: counting \(target.scenarioPath)[\(target.size)] \(target.strategies.joined(separator: ", ")) under "
        + "valgrind's callgrind\(executable.map { " with \($0)" } ?? "")"
    )
    let counts = try CallgrindChild.measure(
      target.countedCases, callgrind: callgrind, directory: directory, console: console, executable: executable)
    for item in counts.measurements.cases where item.failure != nil {
      throw CallgrindError("\(item.key) failed: \(item.failure ?? "")")
    }
    return try counts.keptProfiles()
  }

  private static func find(
    _ profiles: KeptProfiles, _ target: ProfileTarget, strategy: String, side: String
  ) throws(UsageError) -> KeptProfile {
    let key = CaseKey(suite: target.suite.name, scenario: target.scenario.name, strategy: strategy, size: target.size)
    guard let profile = profiles[key] else { throw UsageError("explain: \(side) counted no \(key)") }
    return profile
  }

  private static func find(
    _ profiles: KeptProfiles, path: String, strategy: String, size: String?, file: String
  ) throws(UsageError) -> KeptProfile {
    let parts = path.split(separator: "/").map(String.init)
    let scenarioCases = profiles.cases.filter {
      parts.count == 2 && $0.key.suite == parts[0] && $0.key.scenario == parts[1]
    }
    guard !scenarioCases.isEmpty else {
      let kept = Set(profiles.cases.map { "\($0.key.suite)/\($0.key.scenario)" }).sorted()
      throw UsageError("explain: \(file) keeps no profile of '\(path)'; it keeps: \(kept.joined(separator: ", "))")
    }
    let ofStrategy = scenarioCases.filter { $0.key.strategy == strategy }
    guard !ofStrategy.isEmpty else {
      let kept = Set(scenarioCases.map(\.key.strategy)).sorted()
      throw UsageError(
        "explain: \(file) keeps no profile of \(path) for '\(strategy)'; it keeps: \(kept.joined(separator: ", "))")
    }
    if let size {
      guard let wanted = Int(size), wanted > 0 else {
        throw UsageError("explain: --size needs a positive whole number, got '\(size)'")
      }
      guard let profile = ofStrategy.first(where: { $0.key.size == wanted }) else {
        throw UsageError(
          "explain: \(file) keeps \(path) \(strategy) at sizes "
            + "\(ofStrategy.map { String($0.key.size) }.joined(separator: ", ")), not \(wanted)"
        )
      }
      return profile
    }
    guard ofStrategy.count == 1, let only = ofStrategy.first else {
      throw UsageError(
        "explain: \(file) keeps \(path) \(strategy) at sizes "
          + "\(ofStrategy.map { String($0.key.size) }.joined(separator: ", ")); choose one with --size"
      )
    }
    return only
  }
}
