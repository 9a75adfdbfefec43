// swift-tools-version: 6.0
import PackageDescription

/// Hot paths of the observation core are generic over a strategy type; cross-module
/// optimisation lets the workloads specialise them so that a benchmark never measures
/// dynamic dispatch that the strategy itself would not have.
let optimised: [SwiftSetting] = [
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
]

/// The reports' statistics (bootstraps over every case of a run) are what the
/// debug tests spend most of their time in: unoptimised, `MachineFactorTests`
/// alone took 108 s of wall and 206 s of CPU, optimised 21 s. So the reports
/// are optimised in a debug build too (they use no `assert`, which `-O` would
/// drop, and `DEBUG` stays defined). Not the harness: its self-checks must catch
/// a planted fault in the debug build's own loops.
let optimisedForTests: [SwiftSetting] = [
  .unsafeFlags(["-O"], .when(configuration: .debug))
]

let package = Package(
  name: "ObservationBench",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ObservationCore", targets: ["ObservationCore"]),
    .executable(name: "obsbench", targets: ["obsbench"]),
    .plugin(name: "StateAccessors", targets: ["StateAccessors"]),
  ],
  targets: [
    // System under test.
    .target(name: "CObservationSupport"),
    .target(name: "ObservationCore", dependencies: ["CObservationSupport"], swiftSettings: optimised),
    // Writes a state's accessors from its one-line field declarations (see
    // Plugins/StateAccessors): macros would need swift-syntax, which is not a
    // toolchain module.
    .target(name: "StateAccessorGeneration"),
    .executableTarget(name: "state-accessors", dependencies: ["StateAccessorGeneration"]),
    .plugin(name: "StateAccessors", capability: .buildTool(), dependencies: ["state-accessors"]),

    // Measuring half.
    .systemLibrary(
      name: "CJemalloc",
      pkgConfig: "jemalloc",
      providers: [.apt(["libjemalloc-dev"])]
    ),
    .target(name: "CBenchmarkSupport"),
    .target(name: "BenchmarkKit", dependencies: ["CBenchmarkSupport"], swiftSettings: optimised),
    .target(name: "BenchmarkReports", dependencies: ["BenchmarkKit"], swiftSettings: optimisedForTests),
    // The states and models on the core that the workloads and the core's
    // tests both drive: a module apart, so the core's tests (and their
    // sanitizer builds) build them without the suites.
    .target(
      name: "CoreModels",
      dependencies: ["ObservationCore"],
      path: "Benchmarks/Models/Core",
      swiftSettings: optimised,
      plugins: ["StateAccessors"]
    ),
    .target(
      name: "Benchmarks",
      dependencies: ["ObservationCore", "CoreModels", "BenchmarkKit"],
      path: "Benchmarks",
      exclude: ["Models/Core"],
      swiftSettings: optimised,
      plugins: ["StateAccessors"]
    ),
    .executableTarget(
      name: "obsbench",
      dependencies: ["Benchmarks", "BenchmarkKit", "BenchmarkReports"],
      swiftSettings: optimised,
      plugins: ["BuildCommit"]
    ),
    // Embeds the commit obsbench is built from (see Plugins/BuildCommit).
    .plugin(name: "BuildCommit", capability: .buildTool()),

    // A strategy made outside the core, on its public API only: the core's
    // tests run it beside the catalog's, and BenchmarksTests through every
    // benchmark suite its capabilities allow (ExtensionTests).
    .target(name: "OutsideStrategies", dependencies: ["ObservationCore"], path: "Tests/OutsideStrategies"),
    // Not the suites: the core's tests build in their sanitizer and release
    // passes without them (CoreModels holds the states they share).
    .testTarget(
      name: "ObservationCoreTests",
      dependencies: ["ObservationCore", "CoreModels", "OutsideStrategies", "StateAccessorGeneration"],
      plugins: ["StateAccessors"]
    ),
    .testTarget(name: "BenchmarkKitTests", dependencies: ["BenchmarkKit"]),
    // The fixtures are read from the checkout by path, not bundled.
    .testTarget(
      name: "BenchmarkReportsTests", dependencies: ["BenchmarkReports", "BenchmarkKit"], exclude: ["Fixtures"]),
    .testTarget(
      name: "BenchmarksTests",
      dependencies: ["Benchmarks", "BenchmarkKit", "ObservationCore", "CoreModels", "OutsideStrategies"]),
    .testTarget(name: "ObsbenchTests", dependencies: ["obsbench", "Benchmarks", "BenchmarkKit", "BenchmarkReports"]),
  ],
  swiftLanguageModes: [.v6]
)

/// The release and sanitizer passes of scripts/test run ObservationCoreTests
/// only (and the release pass's scripts, obsbench): OBSBENCH_ONLY_TARGETS, target
/// names separated by spaces, keeps just those targets, what they depend on and
/// the plugins, so that those passes do not build the other test targets, and the
/// sanitizer passes neither the suites, the reports nor the command line, in
/// their configuration (minutes on two cores). SwiftPM evaluates the manifest again when the
/// environment changes; use a scratch path of its own, as scripts/test does.
if let only = Context.environment["OBSBENCH_ONLY_TARGETS"] {
  let byName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
  var kept = Set<String>()
  var pending = only.split(separator: " ").map(String.init)
  // Plugins are kept, and so are the tools they run.
  for plugin in package.targets where plugin.type == .plugin { pending.append(plugin.name) }
  while let name = pending.popLast() {
    guard let target = byName[name] else { fatalError("OBSBENCH_ONLY_TARGETS: no target \(name)") }
    guard kept.insert(name).inserted else { continue }
    for dependency in target.dependencies {
      switch dependency {
      case .targetItem(let name, _), .byNameItem(let name, _): pending.append(name)
      default: break
      }
    }
  }
  package.targets = package.targets.filter { kept.contains($0.name) || $0.type == .plugin }
  package.products = package.products.filter { kept.contains($0.name) }
}
