import Foundation

extension RunEnvironment {
  /// The environment of this process, now.
  ///
  /// Runs `git` when it is on the path; each missing piece becomes `unknown`
  /// rather than an error, since a run on a machine without it is still a valid
  /// run.
  ///
  /// - Parameters:
  ///   - buildCommit: The commit the executable was built from, which only the
  ///     executable knows (its build embeds it).
  ///   - compiler: The compiler that built the executable, as its `-version`
  ///     says (`Swift version 6.3.1 (swift-6.3.1-RELEASE)`), which the build
  ///     embeds too; `nil` or empty: the version `#if compiler` checks give.
  ///     Never the `swift` on PATH at run time, which may be another toolchain.
  public static func current(date: Date = Date(), buildCommit: String? = nil, compiler: String? = nil) -> RunEnvironment
  {
    var environment = RunEnvironment(
      toolchain: compiler.flatMap { $0.isEmpty ? nil : $0 } ?? compilerVersion,
      buildConfiguration: buildConfiguration,
      cpuModel: cpuModel(),
      cores: ProcessInfo.processInfo.activeProcessorCount,
      kernel: kernel(),
      gitCommit: gitCommit(),
      date: ISO8601DateFormatter().string(from: date),
      allocator: AllocationCounter.allocatorDescription,
      host: ProcessInfo.processInfo.hostName,
      buildCommit: buildCommit
    )
    environment.smt = smt()
    environment.frequencyPolicy = frequencyPolicy()
    return environment
  }

  /// `on (2 threads per core)`, `off (1 thread per core)`, or `nil` where
  /// `/sys` says nothing.
  static func smt(sysfs: String = "/sys/devices/system/cpu") -> String? {
    let read = { (path: String) in
      (try? String(contentsOfFile: sysfs + path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let active = read("/smt/active")
    // "0", "0-1", "0,2": the hardware threads of cpu0's core.
    let siblings = read("/cpu0/topology/thread_siblings_list").map { list -> Int in
      list.split(separator: ",").reduce(0) { count, part in
        let ends = part.split(separator: "-").compactMap { Int($0) }
        return count + (ends.count == 2 ? ends[1] - ends[0] + 1 : 1)
      }
    }
    guard active != nil || siblings != nil else { return nil }
    let state = active.map { $0 == "1" ? "on" : "off" } ?? ((siblings ?? 1) > 1 ? "on" : "off")
    return siblings.map { "\(state) (\($0) thread\($0 == 1 ? "" : "s") per core)" } ?? state
  }

  /// cpufreq's `driver/governor` of cpu0, or `not exposed`.
  static func frequencyPolicy(sysfs: String = "/sys/devices/system/cpu") -> String {
    let read = { (name: String) in
      (try? String(contentsOfFile: sysfs + "/cpu0/cpufreq/" + name, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    switch (read("scaling_driver"), read("scaling_governor")) {
    case (let driver?, let governor?): return "\(driver)/\(governor)"
    case (nil, let governor?): return governor
    case (let driver?, nil): return driver
    case (nil, nil): return "not exposed"
    }
  }

  /// `release` or `debug`: measurements of a debug build mean little.
  public static var buildConfiguration: String {
    #if DEBUG
      return "debug"
    #else
      return "release"
    #endif
  }

  /// The compiler that built this module, from `#if compiler` checks, for a
  /// build that did not embed its compiler's own words (a test host).
  static var compilerVersion: String {
    #if compiler(>=6.4)
      return "Swift 6.4 or later (from #if compiler)"
    #elseif compiler(>=6.3)
      return "Swift 6.3 (from #if compiler)"
    #elseif compiler(>=6.2)
      return "Swift 6.2 (from #if compiler)"
    #else
      return "Swift 6.1 or earlier (from #if compiler)"
    #endif
  }

  private static func cpuModel() -> String {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown"
    }
    for line in info.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return "unknown"
  }

  private static func kernel() -> String {
    var name = utsname()
    guard uname(&name) == 0 else { return "unknown" }
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
  }

  private static func gitCommit() -> String {
    guard
      let head = commandOutput(["git", "rev-parse", "HEAD"])?
        .trimmingCharacters(in: .whitespacesAndNewlines), !head.isEmpty
    else { return "unknown" }
    let status = commandOutput(["git", "status", "--porcelain", "--untracked-files=no"]) ?? ""
    return status.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? head : "\(head)-dirty"
  }

  /// The standard output of `arguments` run through `env`, or `nil` if it fails.
  ///
  /// The command gets a temporary folder of its own, removed afterwards: a tool
  /// that leaves scratch in `$TMPDIR` (swift-driver leaves an empty
  /// `TemporaryDirectory.*` every time it runs) leaves none behind.
  static func commandOutput(_ arguments: [String]) -> String? {
    let scratch = NSTemporaryDirectory() + "obsbench-env-\(UUID().uuidString)"
    guard (try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)) != nil
    else { return nil }
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = scratch
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
