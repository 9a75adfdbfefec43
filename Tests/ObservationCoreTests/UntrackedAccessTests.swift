import Foundation
import ObservationCore
import Synchronization
import Testing

/// A row of a lazy list: two observed fields.
private final class RowModel<S: ObservationStrategy>: ObservableModel, @unchecked Sendable {
  typealias Strategy = S
  let registrar = S.Registrar()
  private let storage = Atomic<Int>(0)
  private var _title = 0

  var value: Int {
    get { access(0); return storage.load(ordering: .relaxed) }
    set {
      let write = willSet(0)
      storage.store(newValue, ordering: .relaxed)
      didSet(write)
    }
  }

  var title: Int { access(1); return _title }
}

/// One checked strategy of each scope kind, as test arguments.
private let checkedLock = StrategyCatalog.checked
  .filter { $0.capabilities.contains(.usableFromAnyThread) }
  .map { StrategyCase(type: $0) }

/// Untracked-access diagnostics (`+checked`): reported exactly where a render
/// reads state no scope sees, once per site; silent elsewhere.
///
/// Serialized: the site cache, reporter and switch are process-wide. The +checked
/// workloads of the scenario smoke tests switch them too, so `scripts/test` runs this
/// suite in a process of its own (`swift test --filter UntrackedAccessTests`).
@Suite("Untracked access", .serialized)
struct UntrackedAccessTests {
  /// Installs a fresh collecting reporter and an empty cache.
  private func collecting() -> CollectingReporter {
    let reporter = CollectingReporter()
    UntrackedAccessDiagnostics.reporter = reporter
    UntrackedAccessDiagnostics.capacity = UntrackedAccessDiagnostics.defaultCapacity
    UntrackedAccessDiagnostics.isEnabled = true
    UntrackedAccessDiagnostics.reset()
    return reporter
  }

  @Test(arguments: checkedLock)
  func deferredRows_areReportedOncePerSite_withTheirCount(_ strategy: StrategyCase) {
    deferredRows(strategy.type)
  }

  private func deferredRows<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let list = RowModel<S>()
    let rows = (0..<3).map { _ in RowModel<S>() }
    let pass = RenderPass<S>()
    for _ in 0..<2 {
      pass.render { pass in
        _ = list.title
        for row in rows { pass.row { _ = row.value } }
      }
    }
    pass.cancel()
    #expect(reporter.reports.count == 1)
    #expect(reporter.reports.first?.field == 0)
    #expect(reporter.reports.first?.count == 1)
    #expect(reporter.reports.first?.typeName.contains("RowModel") == true)
    // Six escaped reads of one site; the parent's read was tracked.
    #expect(UntrackedAccessDiagnostics.sites.map(\.count) == [6])
  }

  @Test(arguments: checkedLock)
  func sheetContent_isReported_asASiteOfItsOwn(_ strategy: StrategyCase) {
    sheet(strategy.type)
  }

  private func sheet<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let model = RowModel<S>()
    let pass = RenderPass<S>()
    pass.render { pass in
      _ = model.value
      pass.sheet { _ = model.title }
    }
    pass.cancel()
    #expect(reporter.reports.map(\.field) == [1])
  }

  @Test(arguments: checkedLock)
  func skipRegionsActionsAndReadsOutsideARender_areNotReported(_ strategy: StrategyCase) {
    quiet(strategy.type)
  }

  private func quiet<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let model = RowModel<S>()
    let pass = RenderPass<S>()
    pass.render { pass in
      _ = model.title
      pass.row { RenderContext.skipChecking { _ = model.value } }
      pass.button { _ = model.value }
    }
    pass.tap()
    _ = model.value  // no render at all
    pass.cancel()
    #expect(reporter.reports.isEmpty)
    // The same read unskipped is reported: the silence above is the skip's.
    pass.render { pass in pass.row { _ = model.value } }
    pass.cancel()
    #expect(reporter.reports.count == 1)
  }

  @Test(arguments: checkedLock)
  func checkingSwitchedOff_reportsAndCountsNothing(_ strategy: StrategyCase) {
    switchedOff(strategy.type)
  }

  private func switchedOff<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let model = RowModel<S>()
    let pass = RenderPass<S>()
    UntrackedAccessDiagnostics.isEnabled = false
    pass.render { pass in pass.row { _ = model.value } }
    UntrackedAccessDiagnostics.isEnabled = true
    #expect(reporter.reports.isEmpty)
    #expect(UntrackedAccessDiagnostics.sites.isEmpty)
    pass.render { pass in pass.row { _ = model.value } }
    pass.cancel()
    #expect(reporter.reports.count == 1)
  }

  @Test(arguments: checkedLock)
  func rowsInScopesOfTheirOwn_areQuiet_andNotified(_ strategy: StrategyCase) {
    perRowScopes(strategy.type)
  }

  private func perRowScopes<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let rows = (0..<4).map { _ in RowModel<S>() }
    let changes = Count()
    let pass = RenderPass<S>(onChange: { changes.bump() })
    pass.render { pass in
      for row in rows { pass.row(scoped: true) { _ = row.value } }
    }
    #expect(reporter.reports.isEmpty)
    for row in rows { row.value = 1 }
    #expect(changes.value == 4)
    pass.cancel()
  }

  @Test func thePlainStrategy_neverReports() {
    let reporter = collecting()
    let model = RowModel<LockThreadKeyPath>()
    let pass = RenderPass<LockThreadKeyPath>()
    pass.render { pass in pass.row { _ = model.value } }
    pass.cancel()
    #expect(reporter.reports.isEmpty)
    #expect(!LockThreadKeyPath.checksUntrackedAccess)
    #expect(UntrackedChecking<LockThreadKeyPath>.id == "lock-thread-keypath+checked")
  }

  @Test func theCache_isBounded_andCountsWhatItCannotKeep() {
    let reporter = collecting()
    UntrackedAccessDiagnostics.capacity = 1
    defer { UntrackedAccessDiagnostics.capacity = UntrackedAccessDiagnostics.defaultCapacity }
    typealias S = UntrackedChecking<LockThreadKeyPath>
    let model = RowModel<S>()
    let pass = RenderPass<S>()
    pass.render { pass in
      pass.row { _ = model.value }
      pass.row { _ = model.title }
      pass.row { _ = model.title }
    }
    pass.cancel()
    #expect(reporter.reports.map(\.field) == [0])
    #expect(UntrackedAccessDiagnostics.sites.count == 1)
    #expect(UntrackedAccessDiagnostics.unrecordedReads == 2)
  }

  @Test func manySites_areEachReportedOnce_withExactCounts() {
    let reporter = collecting()
    typealias S = UntrackedChecking<LockThreadKeyPath>
    let models = (0..<3).map { _ in RowModel<S>() }
    let fields = 0..<100  // past 62: fields that share a bit are still sites of their own
    for round in 1...3 {
      RenderContext.render {
        for model in models {
          for field in fields { model.access(ObservedField(field)) }
        }
      }
      #expect(UntrackedAccessDiagnostics.sites.allSatisfy { $0.count == round * models.count })
    }
    // One type: each field is one site, whichever instance read it.
    #expect(reporter.reports.count == fields.count)
    #expect(Set(reporter.reports.map(\.field.index)) == Set(fields))
    #expect(UntrackedAccessDiagnostics.sites.map(\.count).reduce(0, +) == 3 * models.count * fields.count)
  }

  @Test(arguments: checkedLock)
  func concurrentRenders_reportEachSiteOnce_andCountEveryRead(_ strategy: StrategyCase) {
    concurrentRenders(strategy.type)
  }

  private func concurrentRenders<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let threads = 4
    let passes = 200
    let rows = (0..<8).map { _ in RowModel<S>() }
    runConcurrently(threads) { _ in
      let pass = RenderPass<S>()
      for _ in 0..<passes {
        pass.render { pass in
          for row in rows { pass.row { _ = row.value } }
          for row in rows { pass.row(scoped: true) { _ = row.value } }
          pass.sheet { _ = rows[0].title }
        }
        pass.cancel()
      }
    }
    #expect(reporter.reports.count == 2)
    let counts = Dictionary(uniqueKeysWithValues: UntrackedAccessDiagnostics.sites.map { ($0.field.index, $0.count) })
    #expect(counts[0] == threads * passes * rows.count)
    #expect(counts[1] == threads * passes)
  }

  @Test(arguments: checkedLock)
  func theSwitch_takesEffectInsideARender_onItsThread(_ strategy: StrategyCase) {
    switchInsideRender(strategy.type)
  }

  private func switchInsideRender<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let model = RowModel<S>()
    RenderContext.render {
      UntrackedAccessDiagnostics.isEnabled = false
      _ = model.value
      UntrackedAccessDiagnostics.isEnabled = true
      _ = model.title
    }
    #expect(reporter.reports.map(\.field) == [1])
    #expect(UntrackedAccessDiagnostics.sites.map(\.count) == [1])
  }

  @Test(arguments: checkedLock)
  func switchingOff_silencesARenderRunningOnAnotherThread(_ strategy: StrategyCase) {
    switchElsewhere(strategy.type)
  }

  private func switchElsewhere<S: ObservationStrategy>(_: S.Type) {
    let reporter = collecting()
    let model = RowModel<S>()
    let entered = DispatchSemaphore(value: 0)
    let switched = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread {
      RenderContext.render {
        entered.signal()
        switched.wait()
        _ = model.value  // the render began with checking on
      }
      done.signal()
    }.start()
    entered.wait()
    UntrackedAccessDiagnostics.isEnabled = false
    switched.signal()
    done.wait()
    UntrackedAccessDiagnostics.isEnabled = true
    #expect(reporter.reports.isEmpty)
    #expect(UntrackedAccessDiagnostics.sites.isEmpty)
  }

  @Test func deferredWorkHoppingThreads_isJudgedInItsRender_byATaskScope() async {
    let reporter = collecting()
    typealias S = UntrackedChecking<LockTaskKeyPath>
    let model = RowModel<S>()
    await RenderContext.render {
      await withTaskGroup(of: Void.self) { group in
        // Child tasks inherit the pass and may run on any thread of the pool.
        group.addTask {
          await Task.yield()
          _ = model.value  // a deferred row with no scope: reported
        }
        group.addTask {
          await Task.yield()
          // A row in a scope of its own: quiet.
          _ = await S.withTracking({ _ = model.title }, onChange: {}).token.cancel()
        }
      }
    }
    #expect(reporter.reports.map(\.field) == [0])
    #expect(reporter.reports.first?.typeName.contains("TaskLocalScope") == true)
  }

  @Test func anAsyncRender_isFollowedAcrossThreads_byTaskScopesOnly() async {
    let reporter = collecting()
    let task = RowModel<UntrackedChecking<LockTaskKeyPath>>()
    let thread = RowModel<UntrackedChecking<LockThreadKeyPath>>()
    await RenderContext.render {
      await Task.yield()
      _ = await Task.detached { 0 }.value
      _ = task.value
      _ = thread.value  // the thread flavour cannot see an async render
    }
    #expect(reporter.reports.count == 1)
    #expect(reporter.reports.first?.typeName.contains("TaskLocalScope") == true)
  }

  @Test func aTaskOutlivingItsRender_isNotJudgedInIt() async {
    let reporter = collecting()
    let model = RowModel<UntrackedChecking<LockTaskKeyPath>>()
    let gate = Count()
    let later = RenderContext.render {
      Task {
        while gate.value == 0 { await Task.yield() }
        _ = model.value
      }
    }
    // Another render keeps the process-wide count up, so the task's inherited,
    // closed pass is what keeps it quiet.
    await RenderContext.render {
      gate.bump()
      await later.value
    }
    #expect(reporter.reports.isEmpty)
  }

  /// The render gate of `task` reads shares one word with the count of bound async
  /// scopes: a render beginning and ending must hand the count back untouched,
  /// or a bound scope's reads on another thread would go unrecorded.
  @Test func aBoundScope_keepsRecording_whileARenderBeginsAndEnds() async {
    let reporter = collecting()
    typealias S = UntrackedChecking<LockTaskKeyPath>
    let model = RowModel<S>()
    let fires = Count()
    _ = await S.withTracking({
      await Task.detached { RenderContext.render { _ = 0 } }.value
      _ = model.value
    }, onChange: { fires.bump() })
    model.value = 1
    #expect(fires.value == 1, "the bound scope recorded the read made after the render")
    #expect(reporter.reports.isEmpty)
  }

  /// And the other way round: async scopes binding and ending while a render runs
  /// leave its gate up, so its untracked reads are still reported.
  @Test func aRender_keepsChecking_whileScopesBindAndEnd() async {
    let reporter = collecting()
    typealias S = UntrackedChecking<LockTaskKeyPath>
    let model = RowModel<S>()
    await RenderContext.render {
      await Task.detached {
        _ = await S.withTracking({ _ = model.title }, onChange: {})
      }.value
      _ = model.value
    }
    #expect(reporter.reports.map(\.field) == [0])
  }
}
