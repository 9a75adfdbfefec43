import Foundation
import PackagePlugin

/// Writes the accessors of every `ObservableState` struct of a target from its
/// declaration: a state declares each observed field in one line, `var _count:
/// Int = 0`, and gets `count` with its read recorded, its change noted and its
/// field numbered by the order of declaration (see `StateScanner`).
///
/// One build command reads every Swift file of the target, because any of them
/// may declare a state, and writes one file, `StateAccessors.swift`, only when
/// its text changes. A declaration it cannot write for fails the build with a
/// compiler error at its line.
@main
struct StateAccessors: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target.sourceModule else { return [] }
    let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("StateAccessors.swift")
    return [
      .buildCommand(
        displayName: "Writing the observed fields' accessors of \(target.name)",
        executable: try context.tool(named: "state-accessors").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
