import BenchmarkKit
import BenchmarkReports
import Benchmarks
import Foundation

/// The `obsbench` command line: picks the subcommand, runs it and maps errors to
/// exit statuses.
enum Obsbench {
  /// Runs `obsbench` with `arguments` (without the program name) and returns the
  /// exit status.
  ///
  /// Bad input of any kind prints one line, `obsbench: …`, on standard error and
  /// returns 64.
  static func run(
    arguments: [String], console: Console, suites: [BenchmarkSuite]? = nil,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Int32 {
    guard let command = arguments.first else {
      console.print(Usage.main)
      return ExitStatus.success
    }
    let rest = Array(arguments.dropFirst())
    do {
      switch command {
      case "-h", "--help", "help":
        console.print(Usage.main)
        return ExitStatus.success
      case "run":
        // A registry given by a test is not the one a child process would load:
        // passes then run in this process.
        return try RunCommand.run(
          rest, console: console, registry: suites ?? registryOrDefault(), environment: environment,
          separateProcesses: suites == nil)
      case "profile":
        return try ProfileCommand.run(
          rest, console: console, registry: suites ?? registryOrDefault(), environment: environment)
      case "explain":
        return try ExplainCommand.run(
          rest, console: console, registry: suites ?? registryOrDefault(), environment: environment)
      case PassChild.command:
        return try PassChild.run(rest, console: console, registry: suites ?? registryOrDefault())
      case CallgrindChild.command:
        return try CallgrindChild.run(rest, console: console, registry: suites ?? registryOrDefault())
      case "list":
        return try ListCommand.run(rest, console: console, registry: suites ?? registryOrDefault())
      case "compare":
        return try CompareCommand.run(rest, console: console)
      case "report":
        return try ReportCommand.run(rest, console: console)
      case "check":
        return try CheckCommand.run(rest, console: console)
      case "coverage":
        return try CoverageCommand.run(rest, console: console)
      case "effects":
        return try EffectsCommand.run(rest, console: console)
      default:
        throw UsageError(
          "unknown command '\(command)'; commands: run, profile, list, compare, report, check, coverage, effects, "
            + "explain"
        )
      }
    } catch let error as UsageError {
      console.printError("obsbench: \(error.message)")
    } catch let error as SelectionError {
      console.printError("obsbench: \(error.message)")
    } catch let error as CallgrindError {
      console.printError("obsbench: \(error.message)")
    } catch let error as ReportError {
      console.printError("obsbench: \(error.message)")
    } catch {
      console.printError("obsbench: \(error)")
    }
    return ExitStatus.usage
  }

  private static func registryOrDefault() -> [BenchmarkSuite] {
    Registry.suites
  }
}
