import BenchmarkKit

/// What a run recorded of the machine's state beyond its CPU model, for the
/// reports' environment: SMT, the frequency policy, the hypervisor's steal and
/// the noise score, each left out where the run did not record it.
enum MachineStateText {
  /// `SMT off (1 thread per core); frequency policy not exposed; steal 0.00
  /// cores; noise score 0.16 (…)`, or `nil` when the run recorded none of them.
  static func describe(_ run: BenchmarkRun) -> String? {
    var parts = [String]()
    if let smt = run.environment.smt { parts.append("SMT \(smt)") }
    if let policy = run.environment.frequencyPolicy { parts.append("frequency policy \(policy)") }
    if let steal = run.settings.stealCores { parts.append("steal \(NumberFormat.fixed(steal, 2)) cores") }
    if let score = run.settings.noiseScore {
      parts.append(
        "noise score \(NumberFormat.fixed(score, 2)) (the reference loop beside every group: its 10th to 90th "
          + "percentile over its median)")
    }
    return parts.isEmpty ? nil : parts.joined(separator: "; ")
  }
}
