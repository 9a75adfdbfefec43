/// The one loop over a run's passes: `obsbench run`, its A/B mode and the
/// tests' in-process runs all measure through it, and differ only in their
/// ``PassSchedule`` and their ``PassLauncher``.
///
/// Each pass's configuration derives from the run's by one rule
/// (``RunConfiguration/forPass(_:slot:of:calibratedIterations:elapsedSeconds:)``):
/// the seed from the pass number, the iteration counts from the first pass
/// measured (every later pass adopts them instead of calibrating again), and
/// the budget from what is left of the run's, shared by the passes still to
/// run.
public enum PassLoop {
  /// Each build's passes, in pass order.
  public struct Measured {
    public var current: [BenchmarkRun] = []
    public var baseline: [BenchmarkRun] = []
  }

  /// Measures every pass of `schedule` with `launcher`, one after another.
  ///
  /// - Throws: what the launcher throws; the passes measured before are lost
  ///   with the run.
  public static func run(
    _ schedule: PassSchedule, configuration: RunConfiguration, launcher: some PassLauncher
  ) throws -> Measured {
    let start = MonotonicClock.now()
    var measured = Measured()
    var calibration: [CaseKey: Int]?
    var secondsPerPass: Double?
    for (index, slot) in schedule.slots.enumerated() {
      let elapsed = Double(MonotonicClock.now() &- start) / 1e9
      var passConfiguration = configuration.forPass(
        slot.pass, slot: index + 1, of: schedule.slots.count, calibratedIterations: calibration,
        elapsedSeconds: elapsed)
      passConfiguration.passes = schedule.passes
      let pass = ScheduledPass(
        build: slot.build, pass: slot.pass, passes: schedule.passes, configuration: passConfiguration,
        laterPasses: schedule.slots.count - index - 1, secondsPerPass: secondsPerPass)
      let run = try launcher.measure(pass)
      switch slot.build {
      case .current: measured.current.append(run)
      case .baseline: measured.baseline.append(run)
      }
      if index == 0 { calibration = BenchmarkRunner.calibration(of: run) }
      secondsPerPass = run.settings.durationSeconds
    }
    return measured
  }
}
