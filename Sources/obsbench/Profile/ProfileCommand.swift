import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench profile SUITE/SCENARIO`: runs one case per strategy under callgrind
/// and shows where its instructions per operation go.
enum ProfileCommand {
  static let valueOptions: Set<String> = ["--strategy", "--size", "--out", "--top"]

  static func run(
    _ arguments: [String], console: Console, registry: [BenchmarkSuite], environment: [String: String]
  ) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.profile)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(arguments, command: "profile", valueOptions: valueOptions, flags: [])
    let target = try ProfileTarget(parsed: parsed, registry: registry)
    var top = 8
    if let text = parsed.value("--top") {
      guard let count = Int(text), count > 0 else {
        throw UsageError("profile: --top needs a positive whole number, got '\(text)'")
      }
      top = count
    }
    let output = parsed.value("--out") ?? "Reports/latest/profile"
    guard !output.isEmpty else { throw UsageError("profile: --out needs a folder") }
    let callgrind = try Callgrind.locate(environment: environment)
    // The lock run takes: a run or another profile into the same folder stops
    // at once instead of racing this one. Created once there is something to keep.
    let folder = try OutputFolder(locking: output)

    let directory = try CallgrindChild.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    console.printError("obsbench: profiling \(target.scenarioPath)[\(target.size)] under valgrind's callgrind")
    let counts = try CallgrindChild.measure(
      target.countedCases, callgrind: callgrind, directory: directory, console: console)
    let kept = try counts.keptProfiles()
    let profiles = kept.cases.map(CaseProfile.init)
    var keptDumps = [String]()
    let manifests = try counts.manifests()
    try folder.create()
    for (dumps, entries) in manifests {
      for entry in entries where entry.kind == .measured {
        let name = "callgrind.out.\(entry.key.suite)-\(entry.key.scenario)-\(entry.key.size).\(entry.key.strategy)"
        let destination = "\(output)/\(name)"
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(
          atPath: "\(Callgrind.dumpBase(in: dumps)).\(entry.dumps[2])", toPath: destination)
        keptDumps.append(destination)
      }
    }
    let failed = manifests.flatMap(\.entries).filter { $0.kind == .failed }
    for entry in failed {
      console.printError("obsbench: FAILED \(entry.key): \(entry.note ?? "")")
    }
    let runtimeCalls = Dictionary(
      counts.measurements.cases.compactMap { item in item.runtimeCalls.map { (item.key, $0) } },
      uniquingKeysWith: { first, _ in first })
    console.print(ProfileTable(profiles: profiles, top: top, runtimeCalls: runtimeCalls).render())
    console.print(
      "callgrind output (\(3) × step iterations; open with callgrind_annotate --inclusive=yes FILE, or KCachegrind):")
    for path in keptDumps { console.print("  \(path)") }
    withExtendedLifetime(folder) {}
    return failed.isEmpty ? ExitStatus.success : ExitStatus.failure
  }
}
