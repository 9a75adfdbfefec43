import Foundation
import ObservationCore
import Testing

/// How task-local scopes find their list: a synchronous scope publishes it on its
/// thread (no lock, no lookup); an async scope binds it to its task, and its child
/// tasks record into it through the binding; an async scope started inside a
/// published one masks it for its own task.
@Suite("Task-local scope paths")
struct TaskScopePathTests {
  @Test func childTasksOfAsyncScope_recordThroughTheBinding() async {
    await childTasks(LockTaskKeyPath.self)
    await childTasks(LockTaskWhole.self)
  }

  private func childTasks<S: ObservationStrategy>(_: S.Type) async where S.Scope == TaskLocalScope {
    let owned = Pair<S>()
    let childOnly = Pair<S>()
    let groupOnly = Pair<S>()
    nonisolated(unsafe) let unsafeChildOnly = childOnly
    nonisolated(unsafe) let unsafeGroupOnly = groupOnly
    nonisolated(unsafe) let unsafeOwned = owned
    let sawScope = Recorder<Bool>()
    let fires = Count()
    await S.withTracking({
      _ = unsafeOwned.a
      async let child: Void = {
        sawScope.append(S.Scope.isRecording)
        _ = unsafeChildOnly.a
      }()
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 { group.addTask { _ = unsafeGroupOnly.b } }
      }
      await child
    }, onChange: { fires.bump() })
    #expect(sawScope.values == [true])
    childOnly.a = 1
    #expect(fires.value == 1, "the model only a child task read is observed")
    let again = Count()
    await S.withTracking({
      await withTaskGroup(of: Void.self) { group in
        group.addTask { _ = unsafeGroupOnly.b }
      }
    }, onChange: { again.bump() })
    groupOnly.b = 1
    #expect(again.value == 1, "the model only a task group's child read is observed")
    #expect(owned.registrar.observationCount == 0)
  }

  @Test(arguments: StrategyCase.task)
  func syncScope_isNotSeenOnARawThread_norAfterItCloses(_ strategy: StrategyCase) async {
    await published(strategy.type)
  }

  private func published<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let model = Pair<S>()
      let fires = Count()
      #expect(!S.Scope.isRecording)
      S.withTracking({
        #expect(S.Scope.isRecording)
        _ = model.a
      }, onChange: { fires.bump() })
      #expect(!S.Scope.isRecording, "the slot was restored")
      _ = model.b
      model.b = 1
      #expect(fires.value == (S.isWhole ? 1 : 0), "a read after the scope closed is not tracked")
    }
  }

  @Test func immediateTaskInSyncScope_isTrackedUntilItSuspends() async {
    await immediateTask(LockTaskKeyPath.self)
    await immediateTask(LockTaskWhole.self)
  }

  /// A task started synchronously inside a published scope runs on its thread:
  /// what it reads before suspending is tracked by that scope.
  private func immediateTask<S: ObservationStrategy>(_: S.Type) async where S.Scope == TaskLocalScope {
    let owned = Pair<S>()
    let viaChild = Pair<S>()
    nonisolated(unsafe) let unsafeViaChild = viaChild
    let outer = Count()
    var child: Task<Void, Never>?
    trackSync(S.self, {
      _ = owned.a
      child = Task.immediate { _ = unsafeViaChild.a }
    }, onChange: { outer.bump() })
    await child?.value
    viaChild.a = 1
    #expect(outer.value == 1, "the immediate task's synchronous read reached the enclosing scope")
    #expect(owned.registrar.observationCount == 0)
  }

  @Test func asyncScopeInsideSyncScope_masksItForItsTask() async {
    await masked(LockTaskKeyPath.self)
    await masked(LockTaskWhole.self)
  }

  /// An async scope opened by a `Task.immediate` inside a published scope gets its
  /// task's reads, before and after it suspends; the published scope keeps its
  /// own reads, also those made after the async scope suspended.
  private func masked<S: ObservationStrategy>(_: S.Type) async where S.Scope == TaskLocalScope {
    let before = Pair<S>()
    let after = Pair<S>()
    let inner = Pair<S>()
    nonisolated(unsafe) let unsafeInner = inner
    let outerFires = Count()
    let innerFires = Count()
    var child: Task<Void, Never>?
    trackSync(S.self, {
      _ = before.a
      child = Task.immediate {
        await S.withTracking({
          _ = unsafeInner.a
          await Task.yield()
          _ = unsafeInner.b
        }, onChange: { innerFires.bump() })
      }
      // The immediate task may have suspended under its mask: this scope's read
      // still lands here.
      _ = after.a
    }, onChange: { outerFires.bump() })
    await child?.value
    inner.a = 1
    #expect(innerFires.value == 1, "the async scope recorded its synchronous read")
    #expect(outerFires.value == 0, "the published scope did not take the masked read")
    after.a = 1
    #expect(outerFires.value == 1, "the published scope kept its own read after the mask")
    #expect(!TaskLocalScope.isRecording, "no mask or slot left behind")
  }

  @Test(arguments: StrategyCase.all)
  func nestedScope_restoresTheOuterOne(_ strategy: StrategyCase) async {
    await restores(strategy.type)
  }

  private func restores<S: ObservationStrategy>(_: S.Type) async {
    await S.isolated {
      let before = Pair<S>()
      let nested = Pair<S>()
      let after = Pair<S>()
      let outer = Count()
      let inner = Count()
      S.withTracking({
        _ = before.a
        S.withTracking({ _ = nested.a }, onChange: { inner.bump() })
        // Read after the inner scope closed: recorded by the outer scope only.
        _ = after.a
      }, onChange: { outer.bump() })
      after.a = 1
      #expect(outer.value == 1)
      #expect(inner.value == 0, "the inner scope did not see the read made after it closed")
      nested.a = 1
      #expect(inner.value == 1)
      #expect(outer.value == 1, "one-shot: the outer observation already fired")
      #expect(before.registrar.observationCount == 0)
    }
  }

  @Test func syncScopeInsideAsyncScope_addsToIt() async {
    await syncInsideAsync(LockTaskKeyPath.self)
    await syncInsideAsync(LockTaskWhole.self)
  }

  private func syncInsideAsync<S: ObservationStrategy>(_: S.Type) async where S.Scope == TaskLocalScope {
    let model = Pair<S>()
    nonisolated(unsafe) let unsafeModel = model
    let outer = Count()
    let inner = Count()
    await S.withTracking({
      await Task.yield()
      trackSync(S.self, { _ = unsafeModel.b }, onChange: { inner.bump() })
    }, onChange: { outer.bump() })
    model.b = 1
    #expect(inner.value == 1)
    #expect(outer.value == 1, "the async scope saw its nested synchronous scope's reads")
  }
}

/// The synchronous `withTracking`: in an async function, overload resolution
/// would pick the async one for a plain closure.
@discardableResult
private func trackSync<S: ObservationStrategy>(
  _: S.Type, _ apply: () -> Void, onChange: @escaping @Sendable () -> Void
) -> Tracking<Void> {
  S.withTracking(apply, onChange: onChange)
}
