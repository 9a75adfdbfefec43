import BenchmarkKit

extension KeptProfile {
  /// Builds a case's profile from its dumps at `step` and `3 × step` iterations:
  /// each function's instructions in the second minus those in the first, so
  /// fixed costs (the call into the loop, the markers) drop out exactly as they
  /// do from the case's count.
  ///
  /// Symbols are demangled and those that demangle alike merged. A function's
  /// self instructions count in its group (``ProfileGroup/of(demangled:)``),
  /// except the part the dumps' line information places in a source file of
  /// ObservationCore (code inlined from there), which counts in that file's
  /// group (``ProfileGroup/of(sourceFile:)``).
  init(
    key: CaseKey, first: CallgrindDump, last: CallgrindDump, operations: Int, loopPerOperation: Double,
    demangle: (String) -> String = SwiftDemangle.demangle
  ) {
    var byName = [String: Function]()
    var hasLines = false
    for symbol in Set(first.functions.keys).union(last.functions.keys) {
      let after = last.functions[symbol] ?? CallgrindDump.FunctionCost()
      let before = first.functions[symbol] ?? CallgrindDump.FunctionCost()
      let selfCount = Int64(after.selfCost) - Int64(before.selfCost)
      let inclusive = Int64(after.inclusiveCost) - Int64(before.inclusiveCost)
      guard selfCount != 0 || inclusive != 0 else { continue }
      // libc's debug files give lines even to a stripped obsbench: only Swift
      // files say that the core's and the workloads' lines were read.
      hasLines = hasLines || after.selfCostByFile.keys.contains { $0.hasSuffix(".swift") }
      let name = demangle(symbol)
      let group = ProfileGroup.of(demangled: name)
      var parts = [String: Int64]()
      var attributed: Int64 = 0
      for file in Set(after.selfCostByFile.keys).union(before.selfCostByFile.keys) {
        guard let fileGroup = ProfileGroup.of(sourceFile: file), fileGroup != group else { continue }
        let share = Int64(after.selfCostByFile[file] ?? 0) - Int64(before.selfCostByFile[file] ?? 0)
        parts[fileGroup.title, default: 0] += share
        attributed += share
      }
      parts[group.title, default: 0] += selfCount - attributed
      var function = byName[name] ?? Function(name: name, group: group.title, parts: [:], inclusiveInstructions: 0)
      for (part, count) in parts { function.parts[part, default: 0] += count }
      function.inclusiveInstructions += inclusive
      byName[name] = function
    }
    // The case's count is callgrind's count of the region (each dump's
    // summary); its function lines can miss or repeat a part of it (contexts
    // open when the counters were zeroed, charged again), a part that is not
    // linear in the region's length. That part is kept as a function of its
    // own, so that the profile's total is the case's count, as its groups are.
    let attributed = byName.values.reduce(Int64(0)) { $0 + $1.selfInstructions }
    let unattributed = Int64(last.total) - Int64(first.total) - attributed
    if unattributed != 0 {
      byName[Self.unattributedName] = Function(
        name: Self.unattributedName, group: ProfileGroup.other.title, selfInstructions: unattributed,
        inclusiveInstructions: unattributed)
    }
    self.init(
      key: key, operations: operations, loopPerOperation: loopPerOperation,
      functions: byName.values.sorted { $0.name < $1.name }, hasLineInformation: hasLines)
  }
}
