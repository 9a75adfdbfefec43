import BenchmarkKit
import Foundation

/// The text `obsbench profile` prints: one row per strategy with its
/// instructions per operation by group, then each strategy's top functions by
/// self and by inclusive instructions per operation.
struct ProfileTable {
  var profiles: [CaseProfile]
  /// Functions listed per ranking.
  var top: Int
  /// Each case's calls into the runtime's reference counting and allocation
  /// per operation, by case.
  var runtimeCalls: [CaseKey: RuntimeCalls] = [:]

  func render() -> String {
    guard let first = profiles.first else { return "nothing was profiled" }
    var lines = [
      "\(first.key.suite)/\(first.key.scenario)[\(first.key.size)]: instructions per operation by group (callgrind)",
      "",
    ]
    let width = max(8, profiles.map(\.key.strategy.count).max() ?? 0)
    let groups = ProfileGroup.allCases
    lines.append(
      pad("strategy", width) + groups.map { left($0.title, 10) }.joined() + left("total", 10) + left("per op", 10))
    for profile in profiles {
      lines.append(
        pad(profile.key.strategy, width)
          + groups.map { left(Self.number(profile.groups[$0] ?? 0), 10) }.joined()
          + left(Self.number(profile.total), 10) + left(Self.number(profile.perOperation), 10))
    }
    lines.append("")
    lines.append(
      "per op = total - the loop's own instructions (the reference loop, counted in harness): the run's "
        + "instructions_per_op.")
    lines.append("Code inlined into the case's loop counts as workload; allocation includes retain/release.")
    lines += runtimeCallLines(width: width)
    for profile in profiles {
      lines += ["", "\(profile.key.strategy): top functions by self instructions per operation"]
      for function in profile.functions.filter({ $0.selfCost >= 0.005 }).prefix(top) {
        lines.append(row(function, cost: function.selfCost))
      }
      lines.append("\(profile.key.strategy): top functions by inclusive instructions per operation")
      for function in profile.inclusiveRanking.prefix(top) {
        lines.append(row(function, cost: function.inclusiveCost))
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Per strategy, its calls per operation into the runtime's reference
  /// counting and object allocation: what the `alloc` group's instructions are
  /// made of, counted call by call.
  private func runtimeCallLines(width: Int) -> [String] {
    let rows = profiles.compactMap { profile in runtimeCalls[profile.key].map { (profile.key.strategy, $0) } }
    guard !rows.isEmpty else { return [] }
    var lines = [
      "", "calls per operation into the Swift runtime (callgrind's call counts, every caller; retain_n counts once):",
      "",
      pad("strategy", width) + left("retains", 10) + left("releases", 10) + left("allocs", 10) + left("deallocs", 10),
    ]
    for (strategy, calls) in rows {
      lines.append(
        pad(strategy, width) + left(Self.number(calls.retains), 10) + left(Self.number(calls.releases), 10)
          + left(Self.number(calls.objectAllocations), 10) + left(Self.number(calls.objectDeallocations), 10))
    }
    return lines
  }

  private func row(_ function: CaseProfile.Function, cost: Double) -> String {
    "  " + left(Self.number(cost), 9) + "  " + pad(function.group.title, 12) + Self.shortName(function.name)
  }

  /// A function's name as listed: its qualified name, marked when it is a
  /// closure or a thunk, at most 110 characters.
  static func shortName(_ demangled: String) -> String {
    let qualified = SwiftDemangle.qualifiedName(demangled)
    var name = qualified
    for marker in ["closure", "thunk", "witness", "partial apply", "specialization", "outlined", "metadata"]
    where (demangled.hasPrefix(marker) || demangled.contains("\(marker) ")) && !qualified.contains(marker) {
      name = "\(qualified) [\(marker)]"
      break
    }
    if name.isEmpty { name = demangled }
    return name.count > 110 ? String(name.prefix(109)) + "…" : name
  }

  static func number(_ value: Double) -> String {
    String(format: "%.2f", value)
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count + 1)
  }

  private func left(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
  }
}
