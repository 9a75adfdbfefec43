import BenchmarkKit
import CoreModels
import ObservationCore
import Testing

@testable import Benchmarks

/// The reported suite's counts, stated here from each strategy's documented
/// semantics rather than read back from the scenarios' own expectations: the
/// row renders of an append, the re-renders of a send that changed nothing,
/// the observer runs of a leaf change under nested observers.
extension StrategyIDs {
  /// The store strategies that observe: every store strategy but the store
  /// floor, whose counts are 0 by construction (``ReportedTests``' own test).
  static var observingStores: [String] { stores.filter { !storeFloor.contains($0) } }
}

@Suite("Reported workloads", .serialized)
struct ReportedTests {
  static let suite = Registry.suites.first { $0.name == "reported" }!

  /// Whether core strategy `id` skips unchanged identity.
  static func skipsIdentity(_ id: String) throws -> Bool {
    try #require(StrategyCatalog.strategy(withID: id), "\(id) is a core strategy").skipsUnchangedIdentity
  }

  /// What one operation of the scenario named `name` under `strategy` at `size`
  /// counts, over four operations after two that warm up; `nil` when the case
  /// counts nothing.
  static func counted(_ name: String, _ strategy: String, size: Int) async throws -> Double? {
    try await counted(in: suite, name, strategy, size: size)
  }

  /// ``counted(_:_:size:)`` for a scenario of `suite`.
  static func counted(
    in suite: BenchmarkSuite, _ name: String, _ strategy: String, size: Int
  ) async throws -> Double? {
    let scenario = try #require(suite.scenarios.first { $0.name == name })
    return try await onThread { () throws -> Double? in
      let prepared = try scenario.prepare(strategy: strategy, size: size)
      defer { prepared.tearDown?() }
      let timed = UncheckedSendable(prepared)
      var counts: (before: Int, after: Int)?
      let body = {
        timed.value.run(2)
        let before = timed.value.notifications?()
        timed.value.run(4)
        if let before, let after = timed.value.notifications?() { counts = (before, after) }
      }
      if let isolation = prepared.isolation { isolation(body) } else { body() }
      return counts.map { Double($0.after - $0.before) / Double(4 * prepared.operationsPerIteration) }
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func rowsScopedEveryRender_firesTheBodyOnce_perRowChange(_ strategy: String) async throws {
    let fired = try await Self.counted("rows-scoped-every-render", strategy, size: 100)
    #expect(fired == (strategy == StrategyIDs.none ? nil : 1))
  }

  @Test(arguments: StrategyIDs.observingStores)
  func appendRowRenders_rendersOnlyTheNewRow_whenRowsKeepTheirIdentity(_ strategy: String) async throws {
    let n = 10
    let renders = try await Self.counted("append-row-renders", strategy, size: n)
    switch strategy {
    case StrategyIDs.none: #expect(renders == nil)
    case StrategyIDs.apple: #expect(renders == 1)
    default:
      // Without identity skipping every row re-renders on the append and on the
      // removal, and the new row renders once.
      let skips = try Self.skipsIdentity(strategy)
      #expect(renders == (skips ? 1 : Double(2 * n + 1)))
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func sendChangesNothing_rerendersNoReader_whenTheChildKeepsItsIdentity(_ strategy: String) async throws {
    let n = 10
    let rerenders = try await Self.counted("send-changes-nothing", strategy, size: n)
    switch strategy {
    case StrategyIDs.none: #expect(rerenders == nil)
    case StrategyIDs.apple: #expect(rerenders == 0)
    default:
      let skips = try Self.skipsIdentity(strategy)
      #expect(rerenders == (skips ? 0 : Double(n)))
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func sendChangesNothingEnum_rerendersNoReader_whenTheCaseKeepsItsIdentity(_ strategy: String) async throws {
    let rerenders = try await Self.counted("send-changes-nothing-enum", strategy, size: 10)
    #expect(rerenders == (strategy == StrategyIDs.none ? nil : 0))
  }

  @Test(arguments: StrategyIDs.observingStores)
  func observeCascade_runsWhatTheLevelsReadThemselves_nestedOrNot(_ strategy: String) async throws {
    let depth = 8
    let runs = try await Self.counted("observe-cascade", strategy, size: depth)
    let apart = try await Self.counted("observe-cascade-apart", strategy, size: depth)
    switch strategy {
    case StrategyIDs.none: #expect(runs == nil)
    // A nested `observe` keeps its reads: nested runs as apart does.
    default: #expect(runs == apart)
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func observeCascadeApart_runsTheLeafsObserverAlone_forAppleAndIdentity(_ strategy: String) async throws {
    let runs = try await Self.counted("observe-cascade-apart", strategy, size: 8)
    switch strategy {
    case StrategyIDs.none: #expect(runs == nil)
    // The leaf's state alone changed identity; apple's levels are objects apart.
    case _ where strategy == StrategyIDs.apple || strategy.hasSuffix("+identity"): #expect(runs == 1)
    // Every ancestor's `child` is a new value: whole re-runs every level.
    case _ where strategy.hasSuffix("-whole"): #expect(runs == 8)
    // Per field, every level but the root, which reads only its own `value`.
    default: #expect(runs == 7)
    }
  }

  @Test(arguments: StrategyIDs.checkedPairs + [StrategyIDs.apple, StrategyIDs.none])
  func checkingDepth_runsItsReadsAtTheBottomOfTheStack_countingNothing(_ strategy: String) async throws {
    let counted = try await Self.counted("checking-depth", strategy, size: 256)
    #expect(counted == nil)
  }

  @Test(arguments: StrategyIDs.observingStores)
  func partialUpdate_rerendersTheChangedRowsOnly_whenRowsKeepTheirIdentity(_ strategy: String) async throws {
    let n = 100
    let rerenders = try await Self.counted("partial-update", strategy, size: n)
    switch strategy {
    case StrategyIDs.none: #expect(rerenders == nil)
    case StrategyIDs.apple: #expect(rerenders == 10)
    default:
      let skips = try Self.skipsIdentity(strategy)
      #expect(rerenders == (skips ? 10 : Double(n)))
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func appendRows_rendersTheNewRowsOnly_whenKeptRowsKeepTheirIdentity(_ strategy: String) async throws {
    let n = 100
    let renders = try await Self.counted("append-rows", strategy, size: n)
    switch strategy {
    case StrategyIDs.none: #expect(renders == nil)
    case StrategyIDs.apple: #expect(renders == Double(n))
    default:
      // Without identity skipping the kept rows re-render on the append and on
      // the way back: n new renders and 2n re-renders.
      let skips = try Self.skipsIdentity(strategy)
      #expect(renders == (skips ? Double(n) : Double(3 * n)))
    }
  }

  @Test(arguments: StrategyIDs.observingStores)
  func createClearAndReplaceRows_renderEachNewRowOnce_andNoRemovedOne(_ strategy: String) async throws {
    let n = 100
    for name in ["create-clear", "replace-rows"] {
      let renders = try await Self.counted(name, strategy, size: n)
      #expect(renders == (strategy == StrategyIDs.none ? nil : Double(n)), "\(name)")
    }
  }

  /// The readers of the unchanged-send scenarios do observe the count: a send
  /// that changes it re-renders every one, so their 0 is not a reader that
  /// tracked nothing.
  @Test func storeFloor_countsNoRender_inAnyStoreScenario() async throws {
    // The store floor observes nothing: wherever a scenario counts renders or
    // runs, it counts none, whatever the workload routes. The list screens'
    // floor renders after every send as `none` does, and counts nothing, as
    // `none` does not (the next test).
    var counted = 0
    for scenario in Self.suite.scenarios where scenario.strategies.contains(StrategyIDs.storeFloor[0]) {
      let size = scenario.sizes.count > 1 ? scenario.sizes[1] : scenario.sizes[0]
      guard let count = try await Self.counted(scenario.name, StrategyIDs.storeFloor[0], size: size) else { continue }
      #expect(count == 0, "\(scenario.name)[\(size)]")
      counted += 1
    }
    #expect(counted >= 5, "the reported scenarios that count renders run the store floor")
  }

  /// Under the store floor nothing fires, so the list screen renders after
  /// every send as `none`'s does: the `ForEach` diffs the ids and renders the
  /// rows it did not show, no kept row, no removed one. A strategy's time above
  /// that floor is then its observation's, not renders `none` pays too.
  @Test func storeFloorListScreen_rendersWhatNoneRenders_afterEverySend() {
    let floor = CoreListScreen<StoreFloor>(rows: (0..<3).map { RowState(id: $0) }, capacity: 8)
    let plain = PlainListScreen(rows: (0..<3).map { PlainRow(id: $0) }, capacity: 8)
    floor.send(.insert(RowState(id: 3), at: 3))
    plain.send(.insert(PlainRow(id: 3), at: 3))
    #expect(floor.rowRenders == 1)
    floor.send(.remove(3))
    plain.send(.remove(3))
    #expect(floor.rowRenders == 1)
    floor.send(.appendRows([RowState(id: 4), RowState(id: 5)]))
    plain.send(.appendRows([PlainRow(id: 4), PlainRow(id: 5)]))
    floor.send(.setRows([RowState(id: 6)]))
    plain.send(.setRows([PlainRow(id: 6)]))
    #expect(floor.rowRenders == 4)
    #expect(floor.rowRenders == plain.rowRenders)
    floor.cancel()
  }

  @Test func unchangedSendReaders_seeARealChange_underEveryLockThreadStrategy() {
    func check<S: ObservationStrategy>(_: S.Type) {
      let screen = CoreReaders<S, ScreenReader<S>>(readers: 3)
      screen.screen.refresh(count: 1)
      #expect(screen.queue.notified == 3, "\(S.id) struct")
      screen.cancel()
      let session = CoreReaders<S, SessionReader<S>>(readers: 3)
      session.screen.refresh(count: 1)
      #expect(session.queue.notified == 3, "\(S.id) enum")
      session.cancel()
    }
    check(LockThreadKeyPath.self)
    check(LockThreadWhole.self)
    check(IdentitySkipping<LockThreadKeyPath>.self)
  }

  @Test func stackDepth_callsTheBodyOnce_atEveryDepth() {
    for depth in [0, 1, 16, 256] {
      var calls = 0
      StackDepth.call(depth) { calls += 1 }
      #expect(calls == 1)
    }
  }

  @Test func everyScenario_leadsItsSummaryWithItsPublicReport() {
    for scenario in Self.suite.scenarios {
      let report = scenario.summary.prefix { $0 != ":" }
      #expect(
        report.contains(" issue") || report.hasPrefix("js-framework-benchmark") || report.hasPrefix("swift-model"),
        "\(scenario.name)")
    }
  }
}
