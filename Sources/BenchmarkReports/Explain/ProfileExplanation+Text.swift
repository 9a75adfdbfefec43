import BenchmarkKit
import Foundation

extension ProfileExplanation {
  /// The text `obsbench explain` prints: the total change, the change of each
  /// group with its largest functions (each group's rows and its "others" sum to
  /// its change exactly), the functions that gained or lost most by self and by
  /// inclusive instructions, and the new, vanished and renamed functions.
  ///
  /// - Parameters:
  ///   - top: Functions listed per ranking.
  ///   - beforeLabel, afterLabel: What the two sides are (strategies, builds).
  ///   - shortName: How a demangled name is shown.
  public func render(
    top: Int, beforeLabel: String, afterLabel: String, shortName: (String) -> String = Self.shortened
  ) -> String {
    let key = after.key
    var lines = [
      "\(key.suite)/\(key.scenario)[\(key.size)]: \(beforeLabel) → \(afterLabel), instructions per operation "
        + "(callgrind)",
      "",
    ]
    lines.append(
      "instructions_per_op  \(Self.number(before.perOperation)) → \(Self.number(after.perOperation))  "
        + "\(Self.signed(after.perOperation - before.perOperation))"
        + "\(Self.percent(after.perOperation - before.perOperation, of: before.perOperation))"
    )
    lines.append(
      "region (loop incl.)  \(Self.number(before.totalPerOperation)) → \(Self.number(after.totalPerOperation))  "
        + "\(Self.signed(total.perOperation)): the sum of the group changes below, exactly")
    lines += runtimeCallLines
    if !before.hasLineInformation || !after.hasLineInformation {
      lines.append(
        "note: no line information: core code inlined into another group's function counts there; a DWARF 4 build "
          + "(scripts/instructions) moves what its line tables place in ObservationCore's files"
      )
    }
    if before.loopPerOperation != after.loopPerOperation {
      lines.append(
        "note: the harness loop itself changed (\(Self.number(before.loopPerOperation)) → "
          + "\(Self.number(after.loopPerOperation)) per op); instructions_per_op leaves it out, the region includes it"
      )
    }
    lines += ["", Self.pad("group", 12) + Self.left("before", 11) + Self.left("after", 11) + Self.left("change", 11)]
    for group in groups where group.before != 0 || group.after != 0 || !group.delta.isZero {
      lines.append(
        Self.pad(group.name, 12) + Self.left(Self.number(group.before), 11) + Self.left(Self.number(group.after), 11)
          + Self.left(Self.signed(group.delta.perOperation), 11))
      lines += groupBreakdown(group, limit: 3, shortName: shortName)
    }
    lines.append(
      Self.pad("total", 12) + Self.left(Self.number(before.totalPerOperation), 11)
        + Self.left(Self.number(after.totalPerOperation), 11) + Self.left(Self.signed(total.perOperation), 11))
    lines += ["", "functions by change of self instructions per op (top \(top)):"]
    lines += bySelfChange.prefix(top).map { row($0, delta: $0.selfDelta, shortName: shortName) }
    lines += ["functions by change of inclusive instructions per op (top \(top)):"]
    lines += byInclusiveChange.prefix(top).map { row($0, delta: $0.inclusiveDelta, shortName: shortName) }
    lines += membership(top: top, shortName: shortName)
    return lines.joined(separator: "\n")
  }

  /// The first lines of the explanation, for `compare` and `check` to print under
  /// a regressed case: the groups that changed, then the top three functions.
  public func summaryLines(shortName: (String) -> String = Self.shortened) -> [String] {
    let changed = groups.filter { !$0.delta.isZero }.sorted { abs($0.delta.perOperation) > abs($1.delta.perOperation) }
    var lines = [
      "by group: " + changed.map { "\($0.name) \(Self.signed($0.delta.perOperation))" }.joined(separator: ", ")
        + " (total \(Self.signed(total.perOperation)) per op)"
    ]
    if let changed = runtimeCallChanges { lines.append("runtime calls: " + changed) }
    let functions = bySelfChange.prefix(3).map { change in
      "\(shortName(change.name)) \(Self.signed(change.selfDelta.perOperation)) "
        + "(\(change.group)\(Self.tag(change.match)))"
    }
    if !functions.isEmpty { lines.append("top functions (self): " + functions.joined(separator: "; ")) }
    return lines
  }

  // A group's largest function changes and the rest, summing to its change.
  private func groupBreakdown(_ group: GroupChange, limit: Int, shortName: (String) -> String) -> [String] {
    let members = functions(in: group.name).filter { !$0.delta.isZero }
    guard !members.isEmpty else { return [] }
    var lines = members.prefix(limit).map { member in
      "    " + Self.left(Self.signed(member.delta.perOperation), 10) + "  " + shortName(member.name)
    }
    let rest = members.dropFirst(limit)
    if !rest.isEmpty {
      let sum = rest.reduce(InstructionDelta(numerator: 0, denominator: group.delta.denominator)) { $0 + $1.delta }
      lines.append(
        "    " + Self.left(Self.signed(sum.perOperation), 10)
          + "  (\(rest.count) other function\(rest.count == 1 ? "" : "s"))")
    }
    return lines
  }

  private func membership(top: Int, shortName: (String) -> String) -> [String] {
    var lines = [String]()
    let new = functions.filter { $0.match == .new }.sorted { $0.selfAfter > $1.selfAfter }
    let vanished = functions.filter { $0.match == .vanished }.sorted { $0.selfBefore > $1.selfBefore }
    let renamed = functions.filter { if case .renamed = $0.match { true } else { false } }
    for (title, list) in [("new", new), ("vanished", vanished)] where !list.isEmpty {
      let sum = list.reduce(InstructionDelta(numerator: 0, denominator: total.denominator)) { $0 + $1.selfDelta }
      let listed = list.filter { !$0.selfDelta.isZero }.prefix(top)
      lines.append(
        "\(title) functions: \(list.count), self \(Self.signed(sum.perOperation)) per op"
          + (list.count > listed.count
            ? " (\(list.count - listed.count) without self instructions or beyond the top \(top) not listed)" : ""))
      lines += listed.map { row($0, delta: $0.selfDelta, shortName: shortName) }
    }
    if !renamed.isEmpty {
      lines.append(
        "specialised differently on the two sides (matched by name without specialisation and generic arguments):")
      let changed = renamed.filter { !$0.selfDelta.isZero }
        .sorted { abs($0.selfDelta.perOperation) > abs($1.selfDelta.perOperation) }
      for change in changed.prefix(top) {
        guard case .renamed(let old, let new) = change.match else { continue }
        lines.append(
          row(change, delta: change.selfDelta, shortName: shortName) + "  (\(old.count) → \(new.count) symbols)")
      }
      if renamed.count > min(changed.count, top) {
        lines.append("  (\(renamed.count - min(changed.count, top)) more without self change or beyond the top \(top))")
      }
    }
    return lines
  }

  private func row(_ change: FunctionChange, delta: InstructionDelta, shortName: (String) -> String) -> String {
    "  " + Self.left(Self.signed(delta.perOperation), 10) + "  " + Self.pad(change.group, 10) + shortName(change.name)
      + Self.tag(change.match)
  }

  private static func tag(_ match: Match) -> String {
    switch match {
    case .same: ""
    case .new: "  [new]"
    case .vanished: "  [vanished]"
    case .renamed: "  [specialised differently]"
    }
  }

  /// A name as listed: without specialisation prefixes, generic arguments
  /// shown as `<…>`, at most 110 characters.
  public static func shortened(_ name: String) -> String {
    // "(storeSend in _336D…)" names a private declaration, "(in _E960…)." a
    // private context: the discriminator only lengthens the line.
    let short = normalisedName(name)
      .replacingOccurrences(of: #"\((\w+) in _[0-9A-F]+\)"#, with: "$1", options: .regularExpression)
      .replacingOccurrences(of: #"\(in _[0-9A-F]+\)\."#, with: "", options: .regularExpression)
    return short.count > 110 ? String(short.prefix(109)) + "…" : short
  }

  static func number(_ value: Double) -> String {
    let text = String(format: "%.2f", value)
    return text == "-0.00" ? "0.00" : text
  }

  static func signed(_ value: Double) -> String {
    let text = String(format: "%+.2f", value)
    return text == "-0.00" ? "+0.00" : text
  }

  private static func percent(_ change: Double, of base: Double) -> String {
    guard base > 0 else { return "" }
    return String(format: " (%+.1f%%)", change / base * 100)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }

  private static func left(_ text: String, _ width: Int) -> String {
    text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
  }

  /// The runtime calls per operation of both sides, one line per kind
  /// (`retains_per_op  9 → 43  +34`), where both profiles counted them: a
  /// change of reference counting named as such, beside the instructions it
  /// costs in `alloc`.
  var runtimeCallLines: [String] {
    guard let old = before.runtimeCalls, let new = after.runtimeCalls else { return [] }
    return Self.runtimeCallKinds.map { name, value in
      let (a, b) = (value(old), value(new))
      return Self.pad(name, 23) + "\(Self.number(a)) → \(Self.number(b))  \(Self.signed(b - a))"
    }
  }

  /// The kinds of runtime call whose count per operation changed, with the
  /// change (`retains +34, releases +31 per op`); `nil` where none did or a
  /// side did not count them.
  var runtimeCallChanges: String? {
    guard let old = before.runtimeCalls, let new = after.runtimeCalls else { return nil }
    let changed = Self.runtimeCallKinds.compactMap { name, value -> String? in
      let delta = value(new) - value(old)
      guard abs(delta) >= 0.005 else { return nil }
      return "\(name.replacingOccurrences(of: "_per_op", with: "")) \(Self.signed(delta))"
    }
    return changed.isEmpty ? nil : changed.joined(separator: ", ") + " per op"
  }

  static let runtimeCallKinds: [(String, @Sendable (RuntimeCalls) -> Double)] = [
    ("retains_per_op", { $0.retains }), ("releases_per_op", { $0.releases }),
    ("object_allocs_per_op", { $0.objectAllocations }), ("object_deallocs_per_op", { $0.objectDeallocations }),
  ]
}
