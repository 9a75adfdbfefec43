import Foundation

/// Splits a subcommand's arguments into options with values, flags and positionals.
///
/// Accepts `--name value` and `--name=value`; a repeated list option accumulates
/// (`--suite a --suite b` is `--suite a,b`); `--` ends the options. Anything else
/// starting with `-` is an unknown option.
struct ParsedArguments {
  /// The values given to each value option, in order.
  var values: [String: [String]] = [:]
  /// The flags present.
  var flags: Set<String> = []
  /// The positional arguments, in order.
  var positionals: [String] = []

  /// The last value of `option`, if given.
  func value(_ option: String) -> String? {
    values[option]?.last
  }

  /// Every comma-separated item given to `option`, trimmed, or `nil` if not given.
  ///
  /// - Throws: ``UsageError`` for an empty item, as in `a,,b`.
  func list(_ option: String, command: String) throws(UsageError) -> [String]? {
    guard let given = values[option] else { return nil }
    var items = [String]()
    for value in given {
      for item in value.split(separator: ",", omittingEmptySubsequences: false) {
        let trimmed = item.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw UsageError("\(command): \(option) has an empty item in '\(value)'") }
        items.append(trimmed)
      }
    }
    return items
  }
}

enum ArgumentScanner {
  /// Parses `arguments` for `command`, knowing which options take values and
  /// which are flags.
  ///
  /// - Throws: ``UsageError`` for an unknown option or a missing value.
  static func parse(
    _ arguments: [String], command: String, valueOptions: Set<String>, flags: Set<String>
  ) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      if flags.contains(name) {
        guard parts.count == 1 else { throw UsageError("\(command): \(name) takes no value") }
        parsed.flags.insert(name)
      } else if valueOptions.contains(name) {
        let value: String
        if parts.count == 2 {
          value = String(parts[1])
        } else {
          guard index < arguments.count else { throw UsageError("\(command): \(name) needs a value") }
          value = arguments[index]
          index += 1
        }
        parsed.values[name, default: []].append(value)
      } else {
        throw UsageError("\(command): unknown option '\(name)'; see 'obsbench \(command) --help'")
      }
    }
    return parsed
  }

  /// Whether `arguments` ask for help (`--help` or `-h` before any `--`).
  static func wantsHelp(_ arguments: [String]) -> Bool {
    for argument in arguments {
      if argument == "--" { return false }
      if argument == "--help" || argument == "-h" { return true }
    }
    return false
  }
}
