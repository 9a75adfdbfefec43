/// One pass as the loop asks for it: which build, which pass, measured how.
public struct ScheduledPass: Equatable, Sendable {
  /// The build that measures it.
  public var build: PassBuild
  /// The pass, 1-based, of ``passes``.
  public var pass: Int
  /// How many passes each build measures.
  public var passes: Int
  /// How to measure it: the run's configuration for this pass
  /// (``RunConfiguration/forPass(_:slot:of:calibratedIterations:elapsedSeconds:)``).
  public var configuration: RunConfiguration
  /// How many passes of any build the run measures after this one, and how
  /// long the latest took (`nil` before the first), for a pass's ETA.
  public var laterPasses: Int
  public var secondsPerPass: Double?
}

/// Measures one scheduled pass and returns its run (that pass's samples
/// only; ``BenchmarkRunner/merge(_:plan:environment:durationSeconds:backgroundLoadCores:stealCores:)``
/// merges them): in this process, in a child process, or with another build's
/// executable. ``PassLoop`` calls it once per pass, whatever the run.
public protocol PassLauncher {
  func measure(_ pass: ScheduledPass) throws -> BenchmarkRun
}

/// Measures a pass in this process, with ``BenchmarkRunner/measurePass(_:pass:of:environment:)``
/// (what a pass's child process calls too): for tests and one-pass runs.
public struct InProcessLauncher: PassLauncher {
  let plan: BenchmarkPlan
  let environment: RunEnvironment
  let onEvent: (RunEvent) -> Void

  public init(plan: BenchmarkPlan, environment: RunEnvironment, onEvent: @escaping (RunEvent) -> Void = { _ in }) {
    self.plan = plan
    self.environment = environment
    self.onEvent = onEvent
  }

  public func measure(_ pass: ScheduledPass) throws -> BenchmarkRun {
    guard pass.build == .current else { throw BaselineInProcess() }
    return BenchmarkRunner(configuration: pass.configuration, onEvent: onEvent)
      .measurePass(plan, pass: pass.pass, of: pass.passes, environment: environment)
  }

  /// A baseline build's pass cannot run in this process: it is another executable.
  public struct BaselineInProcess: Error, CustomStringConvertible {
    public var description: String { "a baseline build's pass runs as a process of its executable" }
  }
}
