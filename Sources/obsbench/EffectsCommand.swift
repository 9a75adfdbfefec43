import BenchmarkKit
import BenchmarkReports
import Foundation

/// `obsbench effects RUN.json`: what each strategy choice costs in a run, as the
/// run stored it (a file written before runs stored effects gets them derived on
/// reading, as `report` does); per suite, or with `--cases` per scenario and size
/// with intervals and interaction flags.
enum EffectsCommand {
  static func run(_ arguments: [String], console: Console) throws -> Int32 {
    if ArgumentScanner.wantsHelp(arguments) {
      console.print(Usage.effects)
      return ExitStatus.success
    }
    let parsed = try ArgumentScanner.parse(
      arguments, command: "effects", valueOptions: ["--suite", "--choice"], flags: ["--cases"])
    guard parsed.positionals.count == 1 else {
      throw UsageError("effects: expected one RUN.json, got \(parsed.positionals.count) files")
    }
    // Names are checked before the file is read, so a typo costs nothing.
    let choices = try parsed.list("--choice", command: "effects").map(Self.choices) ?? StrategyChoice.allCases
    let path = parsed.positionals[0]
    let run = try ResultsJSON.readPublished(path: path)
    let effects = run.effects ?? RunEffects(cases: [], suites: [])
    let measured = effects.suites.map(\.suite).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    let suites = try parsed.list("--suite", command: "effects") ?? measured
    if let unknown = suites.first(where: { !measured.contains($0) }) {
      throw UsageError(
        "effects: \(path) has no effects in suite '\(unknown)'; suites with effects: "
          + "\(measured.isEmpty ? "none" : measured.joined(separator: ", "))")
    }
    guard !measured.isEmpty else {
      throw UsageError("effects: \(path) has no matched pair of strategies (no two that differ in one choice only)")
    }
    let selection = EffectsText.Selection(suites: suites, choices: choices.map(\.rawValue))
    let lines =
      parsed.flags.contains("--cases")
      ? EffectsText.caseLines(effects, selection: selection) : EffectsText.suiteLines(effects, selection: selection)
    for line in lines { console.print(line) }
    return ExitStatus.success
  }

  /// The choices named by `--choice`.
  ///
  /// - Throws: ``UsageError`` naming the first unknown one and the choices there are.
  static func choices(_ names: [String]) throws(UsageError) -> [StrategyChoice] {
    var choices = [StrategyChoice]()
    for name in names {
      guard let choice = StrategyChoice(rawValue: name.lowercased()) else {
        throw UsageError(
          "effects: unknown choice '\(name)'; choices: "
            + "\(StrategyChoice.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      if !choices.contains(choice) { choices.append(choice) }
    }
    return choices
  }
}
