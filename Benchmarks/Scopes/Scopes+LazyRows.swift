import BenchmarkKit
import Observation
import ObservationCore

extension Scopes {
  // A list "render" as SwiftUI's ForEach and sheet contents run it: the parent's
  // body opens a scope, reads the list's revision, and defers one row body per
  // row; the row bodies run after the parent's scope closed. Then every row is
  // written once and the list's revision once, which fires whatever was
  // tracked and leaves nothing armed (apple cannot cancel). Notifications count
  // the tracked reads: the parent's, plus each row read that was tracked; a row
  // read that escaped is a notification that did not happen. The core's render
  // runs inside `RenderContext.render`, so a `+checked` strategy counts each
  // escaped row read (apple has no render context).

  /// Row counts of the lazy-rows sweeps.
  static let rowCounts = [1, 10, 100, 1_000]

  /// The parent's scope alone: the row reads escape it.
  static var lazyRows: BenchmarkScenario {
    BenchmarkScenario(
      name: "lazy-rows",
      summary:
        "Renders a parent scope that defers n row bodies run after it closed, then writes each row and the parent (1 "
          + "notification: the n row reads escaped)",
      sizes: rowCounts,
      quickSizes: [1, 100],
      strategies: StrategyIDs.matrixWithChecked + [StrategyIDs.apple]
    ) { id, size in
      try lazyRows(id, rows: size, perRowScope: false)
    }
  }

  /// One scope per deferred row body, the WithPerceptionTracking fix.
  static var lazyRowsPerRowScope: BenchmarkScenario {
    BenchmarkScenario(
      name: "lazy-rows-per-row-scope",
      summary: "As lazy-rows, each deferred row body in a scope of its own (n + 1 notifications: no read escaped)",
      sizes: rowCounts,
      quickSizes: [1, 100],
      strategies: StrategyIDs.matrixWithChecked + [StrategyIDs.apple]
    ) { id, size in
      try lazyRows(id, rows: size, perRowScope: true)
    }
  }

  private static func lazyRows(_ id: String, rows: Int, perRowScope: Bool) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try LazyRows(rows: rows, perRowScope: perRowScope).prepare(id: id)
    case .apple: return lazyRowsApple(rows: rows, perRowScope: perRowScope)
    case .none: throw UnknownStrategy(id: id)
    }
  }

  private static func lazyRows<S: ObservationStrategy>(_: S.Type, rows: Int, perRowScope: Bool) -> PreparedCase {
    let list = S.inIsolation { Counter<S>() }
    let models = S.inIsolation { ContiguousArray((0..<rows).map { _ in Counter<S>() }) }
    let tally = Tally()
    let cursor = Cursor()
    var deferred = [Int]()
    deferred.reserveCapacity(rows)
    let rowBody: (Int) -> Void = { blackHole(models[$0].count) }
    return .core(
      S.self,
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          RenderContext.render {
            S.withTracking(
              {
                blackHole(list.other)
                for index in 0..<models.count { deferred.append(index) }
              }, onChange: { tally.bump() })
            for index in deferred {
              if perRowScope {
                S.withTracking({ rowBody(index) }, onChange: { tally.bump() })
              } else {
                rowBody(index)
              }
            }
          }
          deferred.removeAll(keepingCapacity: true)
          value &+= 1
          for model in models { model.count = value }
          list.other = value
        }
        cursor.value = value
      },
      notifications: { tally.count },
      expected: perRowScope ? Double(rows + 1) : 1,
      context: S.checksUntrackedAccess
        ? { timing in
          // The escaped row reads are reported once, to a reporter nobody reads.
          UntrackedAccessDiagnostics.reporter = CollectingReporter()
          timing()
          UntrackedAccessDiagnostics.reporter = StandardErrorReporter()
        } : nil)
  }

  private static func lazyRowsApple(rows: Int, perRowScope: Bool) -> PreparedCase {
    let list = AppleCounter()
    let models = ContiguousArray((0..<rows).map { _ in AppleCounter() })
    let tally = Tally()
    let cursor = Cursor()
    var deferred = [Int]()
    deferred.reserveCapacity(rows)
    let rowBody: (Int) -> Void = { blackHole(models[$0].count) }
    return PreparedCase(
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          withObservationTracking(
            {
              blackHole(list.other)
              for index in 0..<models.count { deferred.append(index) }
            }, onChange: { tally.bump() })
          for index in deferred {
            if perRowScope {
              withObservationTracking({ rowBody(index) }, onChange: { tally.bump() })
            } else {
              rowBody(index)
            }
          }
          deferred.removeAll(keepingCapacity: true)
          value &+= 1
          for model in models { model.count = value }
          list.other = value
        }
        cursor.value = value
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: perRowScope ? Double(rows + 1) : 1)
  }

  /// ``lazyRows`` as a ``CoreWorkload``, specialised per strategy.
  private struct LazyRows: CoreWorkload {
    let rows: Int
    let perRowScope: Bool
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Scopes.lazyRows(S.self, rows: rows, perRowScope: perRowScope)
    }
  }
}
