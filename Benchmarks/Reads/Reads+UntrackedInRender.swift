import BenchmarkKit
import ObservationCore

extension Reads {
  // What the `+checked` refinement costs, each checked strategy beside the one it
  // refines: the read of `untracked`, timed inside a render (`RenderContext`) that
  // is entered before the clock starts and left after it stops.

  /// Inside a render with a scope open: the correct render, where the read is
  /// tracked and checking must cost nothing.
  static var untrackedRenderScopeOpen: BenchmarkScenario {
    BenchmarkScenario(
      name: "untracked-render-scope-open",
      summary:
        "The read of untracked made inside a render with a tracking scope open (so tracked): what checking costs a "
          + "correct render (8 per loop iteration)",
      strategies: StrategyIDs.checkedPairs
    ) { id, _ in
      try InRender(mode: .scopeOpen).prepare(id: id)
    }
  }

  /// Inside a render with no scope open and checking switched off at run time.
  static var untrackedRenderCheckingOff: BenchmarkScenario {
    BenchmarkScenario(
      name: "untracked-render-checking-off",
      summary:
        "The read of untracked made inside a render with no scope open, checking switched off at run time (8 per loop "
          + "iteration)",
      strategies: StrategyIDs.checkedPairs
    ) { id, _ in
      try InRender(mode: .checkingOff).prepare(id: id)
    }
  }

  /// Inside a render with no scope open, checking on: every read is the escaped
  /// read of one site already reported, so `+checked` pays its count update.
  static var untrackedRenderReported: BenchmarkScenario {
    BenchmarkScenario(
      name: "untracked-render-reported",
      summary:
        "The read of untracked made inside a render with no scope open, checking on: +checked counts each read of the "
          + "site it reported (8 per loop iteration)",
      strategies: StrategyIDs.checkedPairs
    ) { id, _ in
      try InRender(mode: .reported).prepare(id: id)
    }
  }

  /// The three ways a read is timed inside a render.
  private enum RenderMode {
    case scopeOpen, checkingOff, reported
  }

  private static func inRender<S: ObservationStrategy>(_: S.Type, mode: RenderMode) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    let tally = Tally()
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      },
      notifications: { tally.count }, expected: 0,
      context: { timing in
        RenderContext.render {
          switch mode {
          case .scopeOpen:
            S.withTracking(
              {
                blackHole(model.count)
                timing()
              }, onChange: { tally.bump() }
            ).token.cancel()
          case .checkingOff:
            UntrackedAccessDiagnostics.isEnabled = false
            timing()
            UntrackedAccessDiagnostics.isEnabled = true
          case .reported:
            // Silent: the site is reported once, to a reporter nobody reads.
            UntrackedAccessDiagnostics.reporter = CollectingReporter()
            blackHole(model.count)
            timing()
            UntrackedAccessDiagnostics.reporter = StandardErrorReporter()
          }
        }
      })
  }

  /// ``inRender(_:mode:)`` as a ``CoreWorkload``, specialised per strategy.
  private struct InRender: CoreWorkload {
    let mode: RenderMode
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.inRender(S.self, mode: mode)
    }
  }
}
