import BenchmarkKit

/// Where one case's instructions per operation go: per function and per group.
///
/// Made from two callgrind dumps of the same case at `step` and `3 × step`
/// iterations: each function's cost in the second minus its cost in the first,
/// over the operations in between, so fixed costs (the call into the loop, the
/// markers) drop out exactly as they do from the case's count.
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

  /// Builds the profile from the dumps at `step` and `3 × step` iterations.
  ///
  /// A function's self cost counts in its group, except the part the dumps'
  /// line information places in a source file of ObservationCore or of Apple's
  /// Observation macros (code inlined from there), which counts in that file's
  /// group (``ProfileGroup/of(sourceFile:)``).
  ///
  /// The reference loop's count moves from `other` (the case's own loop is
  /// workload code) to `harness`, so `harness` is the loop and `other` is what
  /// the operation itself inlined there.
  init(
    key: CaseKey, first: CallgrindDump, last: CallgrindDump, operations: Int, loopPerOperation: Double,
    demangle: (String) -> String = SwiftDemangle.demangle
  ) {
    self.key = key
    self.loopPerOperation = loopPerOperation
    let scale = 1 / Double(max(operations, 1))
    var functions = [Function]()
    var groups = [ProfileGroup: Double]()
    for (name, cost) in last.functions {
      let before = first.functions[name] ?? CallgrindDump.FunctionCost()
      let selfCost = (Double(cost.selfCost) - Double(before.selfCost)) * scale
      let inclusive = (Double(cost.inclusiveCost) - Double(before.inclusiveCost)) * scale
      guard abs(selfCost) >= 0.005 || abs(inclusive) >= 0.005 else { continue }
      let demangled = demangle(name)
      let group = ProfileGroup.of(demangled: demangled)
      functions.append(Function(name: demangled, group: group, selfCost: selfCost, inclusiveCost: inclusive))
      // With line information, code inlined from one of the core's files counts
      // in that file's group, wherever it was inlined.
      var attributed = 0.0
      for (file, fileCost) in cost.selfCostByFile {
        guard let fileGroup = ProfileGroup.of(sourceFile: file), fileGroup != group else { continue }
        let share = (Double(fileCost) - Double(before.selfCostByFile[file] ?? 0)) * scale
        groups[fileGroup, default: 0] += share
        attributed += share
      }
      groups[group, default: 0] += selfCost - attributed
    }
    // Several symbols may demangle alike (specialisations); keep them apart but
    // in a stable order.
    self.functions = functions.sorted { ($0.selfCost, $1.name) > ($1.selfCost, $0.name) }
    let moved = min(loopPerOperation, max(groups[.other] ?? 0, 0))
    groups[.other, default: 0] -= moved
    groups[.harness, default: 0] += moved
    self.groups = groups
    total = (Double(last.total) - Double(first.total)) * scale
  }

  /// The functions called inside the region, by inclusive cost, largest first:
  /// those enclosing the whole region (its caller, the loop) left out.
  var inclusiveRanking: [Function] {
    functions.filter { $0.inclusiveCost < total * 0.995 }.sorted {
      ($0.inclusiveCost, $1.name) > ($1.inclusiveCost, $0.name)
    }
  }
}
