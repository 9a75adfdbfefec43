import BenchmarkKit

/// Where one case's instructions per operation go: per function and per group.
///
/// Made from the case's ``KeptProfile`` (two callgrind dumps differenced), as
/// instructions per operation.
struct CaseProfile {
  /// One function's instructions per operation.
  struct Function {
    /// The demangled name.
    var name: String
    /// The group it counts in.
    var group: ProfileGroup
    /// Instructions per operation executed in the function itself.
    var selfCost: Double
    /// Instructions per operation in it and what it called.
    var inclusiveCost: Double
  }

  /// The case.
  var key: CaseKey
  /// Every function with a cost, by self cost, largest first.
  var functions: [Function]
  /// Instructions per operation of each group, harness loop included.
  var groups: [ProfileGroup: Double]
  /// All instructions per operation, the loop's own included.
  var total: Double
  /// The loop's own instructions per operation (the reference loop's count).
  var loopPerOperation: Double

  /// Instructions per operation without the loop: the case's `instructions_per_op`.
  var perOperation: Double { total - loopPerOperation }

  /// Builds the profile from a kept profile: its whole-number counts over its
  /// operations, as instructions per operation.
  ///
  /// The reference loop's count moves from `workload` (the case's own loop is
  /// workload code) to `harness`, so `harness` is the loop and `workload` is
  /// what the operation itself inlined there.
  init(_ kept: KeptProfile) {
    key = kept.key
    loopPerOperation = kept.loopPerOperation
    let scale = 1 / Double(kept.operations)
    var functions = [Function]()
    for function in kept.functions {
      let selfCost = Double(function.selfInstructions) * scale
      let inclusive = Double(function.inclusiveInstructions) * scale
      guard abs(selfCost) >= 0.005 || abs(inclusive) >= 0.005 else { continue }
      functions.append(
        Function(
          name: function.name, group: ProfileGroup(title: function.group) ?? .other, selfCost: selfCost,
          inclusiveCost: inclusive))
    }
    self.functions = functions.sorted { ($0.selfCost, $1.name) > ($1.selfCost, $0.name) }
    var groups = [ProfileGroup: Double]()
    for (title, count) in kept.groups {
      groups[ProfileGroup(title: title) ?? .other, default: 0] += Double(count) * scale
    }
    var unmoved = loopPerOperation
    for source in [ProfileGroup.workload, .other] where unmoved > 0 {
      let moved = min(unmoved, max(groups[source] ?? 0, 0))
      groups[source, default: 0] -= moved
      groups[.harness, default: 0] += moved
      unmoved -= moved
    }
    self.groups = groups
    total = kept.totalPerOperation
  }

  /// The functions called inside the region, by inclusive cost, largest first:
  /// those enclosing the whole region (its caller, the loop) left out.
  var inclusiveRanking: [Function] {
    functions.filter { $0.inclusiveCost < total * 0.995 }.sorted {
      ($0.inclusiveCost, $1.name) > ($1.inclusiveCost, $0.name)
    }
  }
}
