import BenchmarkKit
import Observation
import ObservationCore

extension Reported {
  /// swift-perception issue 160: a check that walks the stack on every model
  /// access, about 0.08 s per access in a large app.
  ///
  /// The read of `reads/untracked-render-reported` (inside a render, no scope
  /// open, checking on: `+checked` counts each read of the site it reported),
  /// made from a stack D frames deeper: the timed loop runs at the bottom of a
  /// recursion entered before the clock starts. `+checked` asks the renderer,
  /// not the stack, so it should be flat in D, as its base, apple and `none`
  /// (plain reads from the same depth) are. A read notifies no one.
  static var checkingDepth: BenchmarkScenario {
    BenchmarkScenario(
      name: "checking-depth",
      summary:
        "swift-perception issue 160: one untracked read inside a render with checking on, made D frames deep "
          + "(+checked should be flat in D; 8 per loop iteration)",
      sizes: stackDepths,
      quickSizes: [1, 256],
      strategies: StrategyIDs.checkedPairs + [StrategyIDs.apple, StrategyIDs.none],
      allowedSizes: 1...1_024
    ) { id, size in
      switch try Subject(id) {
      case .core: return try CheckingDepth(depth: size).prepare(id: id)
      case .apple: return checkingDepthApple(depth: size)
      case .none: return checkingDepthPlain(depth: size)
      }
    }
  }

  /// Stack depths of checking-depth, log-spaced.
  static let stackDepths = [1, 16, 256]

  private static func checkingDepth<S: ObservationStrategy>(_: S.Type, depth: Int) -> PreparedCase {
    let model = S.inIsolation { Counter<S>() }
    return .core(
      S.self, operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      },
      context: { timing in
        RenderContext.render {
          // Silent: the site is reported once, before the clock, to a reporter
          // nobody reads; every timed read is a read of a reported site.
          UntrackedAccessDiagnostics.reporter = CollectingReporter()
          blackHole(model.count)
          StackDepth.call(depth) { timing() }
          UntrackedAccessDiagnostics.reporter = StandardErrorReporter()
        }
      })
  }

  private static func checkingDepthApple(depth: Int) -> PreparedCase {
    let model = AppleCounter()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      },
      isolation: PreparedCase.timed(within: { timing in StackDepth.call(depth) { timing() } }))
  }

  private static func checkingDepthPlain(depth: Int) -> PreparedCase {
    let model = PlainCounter()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        repeatUnrolled(iterations) { blackHole(model.count) }
      },
      isolation: PreparedCase.timed(within: { timing in StackDepth.call(depth) { timing() } }))
  }

  /// ``checkingDepth`` as a ``CoreWorkload``, specialised per strategy.
  private struct CheckingDepth: CoreWorkload {
    let depth: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.checkingDepth(S.self, depth: depth)
    }
  }
}
