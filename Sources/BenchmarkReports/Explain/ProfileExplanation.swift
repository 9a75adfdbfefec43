import BenchmarkKit

/// Where the difference between two profiles of one case goes: by group and by
/// function, summing exactly to the change of the case's instructions per
/// operation.
///
/// The two sides are two strategies of one build, or one case of two builds.
/// Functions are matched by demangled name; those left over are matched by
/// their name without specialisation prefixes (a specialisation the compiler
/// renamed between builds), else reported as new or vanished: no function's
/// instructions are ever dropped, which is what keeps the sums exact.
public struct ProfileExplanation: Sendable {
  /// How a function row was matched across the two profiles.
  public enum Match: Hashable, Sendable {
    /// The same demangled name on both sides.
    case same
    /// Only in the after profile.
    case new
    /// Only in the before profile.
    case vanished
    /// Names that differ only in their specialisation: the before and after
    /// names, summed into one row under the name they share.
    case renamed(before: [String], after: [String])
  }

  /// One function's (or one set of renamed specialisations') change.
  public struct FunctionChange: Sendable {
    /// The demangled name (for a renamed specialisation, the shared name).
    public var name: String
    /// The group its own code counts in (after, else before).
    public var group: String
    /// How it was matched.
    public var match: Match
    /// Change of its self instructions per operation, by group (usually one).
    public var parts: [String: InstructionDelta]
    /// Change of its self instructions per operation.
    public var selfDelta: InstructionDelta
    /// Change of its inclusive instructions per operation.
    public var inclusiveDelta: InstructionDelta
    /// Self instructions per operation before and after.
    public var selfBefore: Double
    public var selfAfter: Double
  }

  /// One group's change.
  public struct GroupChange: Sendable {
    /// The group's name.
    public var name: String
    /// Instructions per operation before and after.
    public var before: Double
    public var after: Double
    /// The change: exactly the sum of its functions' parts in it.
    public var delta: InstructionDelta
  }

  /// The profile compared against.
  public var before: KeptProfile
  /// The profile explained.
  public var after: KeptProfile
  /// Every group either side has, in the profiles' order of groups.
  public var groups: [GroupChange]
  /// Every function either side has, unordered.
  public var functions: [FunctionChange]
  /// The change of the region's instructions per operation: exactly the sum of
  /// ``groups``' deltas.
  public var total: InstructionDelta

  /// Explains the change from `before` to `after`.
  ///
  /// - Parameter groupOrder: The order groups are listed in; groups not in it
  ///   follow by name.
  public init(before: KeptProfile, after: KeptProfile, groupOrder: [String] = Self.defaultGroupOrder) {
    self.before = before
    self.after = after
    let m = before.operations
    let n = after.operations
    let zero = InstructionDelta(numerator: 0, denominator: Int64(m) * Int64(n))
    var functions = [FunctionChange]()
    for pair in Self.match(before: before.functions, after: after.functions) {
      var parts = [String: InstructionDelta]()
      let beforeParts = Self.sumParts(pair.before)
      let afterParts = Self.sumParts(pair.after)
      for group in Set(beforeParts.keys).union(afterParts.keys) {
        parts[group] = InstructionDelta(
          before: beforeParts[group] ?? 0, beforeOperations: m, after: afterParts[group] ?? 0, afterOperations: n)
      }
      let beforeSelf = pair.before.reduce(0) { $0 + $1.selfInstructions }
      let afterSelf = pair.after.reduce(0) { $0 + $1.selfInstructions }
      functions.append(
        FunctionChange(
          name: pair.name, group: (pair.after.first ?? pair.before.first)?.group ?? "other", match: pair.match,
          parts: parts, selfDelta: parts.values.reduce(zero, +),
          inclusiveDelta: InstructionDelta(
            before: pair.before.reduce(0) { $0 + $1.inclusiveInstructions }, beforeOperations: m,
            after: pair.after.reduce(0) { $0 + $1.inclusiveInstructions }, afterOperations: n),
          selfBefore: Double(beforeSelf) / Double(m), selfAfter: Double(afterSelf) / Double(n)))
    }
    self.functions = functions
    var deltas = [String: InstructionDelta]()
    for function in functions {
      for (group, delta) in function.parts { deltas[group] = (deltas[group] ?? zero) + delta }
    }
    // The loop's own instructions counted in `harness`, as `profile` counts
    // them, taken from the group its code ran in: one set of groups for both.
    let (beforeGroups, beforeMoved) = Self.loopInHarness(before)
    let (afterGroups, afterMoved) = Self.loopInHarness(after)
    for group in Set(beforeMoved.keys).union(afterMoved.keys) {
      let moved = InstructionDelta(
        before: beforeMoved[group] ?? 0, beforeOperations: m, after: afterMoved[group] ?? 0, afterOperations: n)
      deltas[group] = (deltas[group] ?? zero) + moved
    }
    let names = Set(deltas.keys).union(beforeGroups.keys).union(afterGroups.keys)
    let ordered = groupOrder.filter(names.contains) + names.subtracting(groupOrder).sorted()
    groups = ordered.map { name in
      GroupChange(
        name: name, before: Double(beforeGroups[name] ?? 0) / Double(m),
        after: Double(afterGroups[name] ?? 0) / Double(n), delta: deltas[name] ?? zero)
    }
    total = groups.reduce(zero) { $0 + $1.delta }
  }

  /// `profile`'s groups of `profile`'s instructions: the loop's own count
  /// (``KeptProfile/loopPerOperation`` over its operations) moved from
  /// `workload`, where the case's loop runs, or else `other`, to `harness`;
  /// and what moved, by group (`harness` gaining what the others lost).
  static func loopInHarness(_ profile: KeptProfile) -> (groups: [String: Int64], moved: [String: Int64]) {
    var groups = profile.groups
    var moved = [String: Int64]()
    var unmoved = Int64((profile.loopPerOperation * Double(profile.operations)).rounded())
    for source in ["workload", "other"] where unmoved > 0 {
      let taken = min(unmoved, max(groups[source] ?? 0, 0))
      guard taken > 0 else { continue }
      groups[source, default: 0] -= taken
      groups["harness", default: 0] += taken
      moved[source, default: 0] -= taken
      moved["harness", default: 0] += taken
      unmoved -= taken
    }
    return (groups, moved)
  }

  /// The groups `obsbench` profiles into, in the order it lists them.
  public static let defaultGroupOrder = [
    "registrar", "scope", "store", "alloc", "notify", "harness", "workload", "other",
  ]

  /// The functions in `group`, by the size of their change there, largest first.
  public func functions(in group: String) -> [(name: String, delta: InstructionDelta)] {
    functions.compactMap { function in function.parts[group].map { (function.name, $0) } }
      .sorted { (abs($0.delta.perOperation), $1.name) > (abs($1.delta.perOperation), $0.name) }
  }

  /// Functions by the size of their self change, largest first; unchanged ones left out.
  public var bySelfChange: [FunctionChange] {
    functions.filter { !$0.selfDelta.isZero }.sorted {
      (abs($0.selfDelta.perOperation), $1.name) > (abs($1.selfDelta.perOperation), $0.name)
    }
  }

  /// Functions by the size of their inclusive change, largest first; the ones
  /// enclosing the whole region (the loop, the harness) left out, since their
  /// change is the total's.
  public var byInclusiveChange: [FunctionChange] {
    functions.filter { function in
      !function.inclusiveDelta.isZero && !Self.encloses(function, before) && !Self.encloses(function, after)
    }.sorted {
      (abs($0.inclusiveDelta.perOperation), $1.name) > (abs($1.inclusiveDelta.perOperation), $0.name)
    }
  }

  // Whether the function holds (nearly) the whole region of `profile`.
  private static func encloses(_ change: FunctionChange, _ profile: KeptProfile) -> Bool {
    profile.total > 0 && inclusive(change, in: profile) >= Double(profile.total) / Double(profile.operations) * 0.995
  }

  private static func inclusive(_ change: FunctionChange, in profile: KeptProfile) -> Double {
    let names: Set<String> =
      switch change.match {
      case .renamed(let before, let after): Set(before + after)
      default: [change.name]
      }
    let count = profile.functions.filter { names.contains($0.name) }.reduce(0) { $0 + $1.inclusiveInstructions }
    return Double(count) / Double(profile.operations)
  }

  private static func sumParts(_ functions: [KeptProfile.Function]) -> [String: Int64] {
    var parts = [String: Int64]()
    for function in functions {
      for (group, count) in function.parts { parts[group, default: 0] += count }
    }
    return parts
  }
}
