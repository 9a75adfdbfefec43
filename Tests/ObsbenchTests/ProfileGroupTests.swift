import Testing

@testable import obsbench

@Suite("Profile grouping")
struct ProfileGroupTests {
  static let cases: [(String, ProfileGroup)] = [
    (
      "generic specialization <Benchmarks.Counter<ObservationCore.Strategy<ObservationCore.MutexRegistrar, "
        + "ObservationCore.ThreadLocalScope, ObservationCore.KeyPathInvalidation>>> of "
        + "ObservationCore.MutexRegistrar.willSet(ObservationCore.ObservedField) -> ()",
      .registrar
    ),
    ("ObservationCore.ObserverTable.insert(ObservationCore.ObserverNode) -> Swift.Int", .registrar),
    (
      "Observation.ObservationRegistrar.access<A, B where A: Observation.Observable>(_: A, keyPath: Swift.KeyPath<A, "
        + "B>) -> ()",
      .registrar
    ),
    ("closure #1 () -> () in ObservationCore.ThreadLocalScope.withTracking<A>(_: () -> A) -> A", .scope),
    ("ObservationCore.AccessList.append(ObservationCore.AccessEntry) -> ()", .scope),
    (
      "Observation.withObservationTracking<A>(_: () -> A, onChange: @autoclosure () -> @Sendable () -> ()) -> A", .scope
    ),
    ("ObservationCore.Store.send(A1) -> ()", .store),
    ("ObservationCore.FirePlan.deliver() -> ()", .notification),
    ("ObservationCore.Observer.fire() -> ()", .notification),
    ("swift_retain", .allocation),
    ("swift_release", .allocation),
    ("malloc", .allocation),
    ("_int_free", .allocation),
    ("BenchmarkKit.measuredRegion(BenchmarkKit.PreparedCase, Swift.Int) -> ()", .harness),
    ("obsbench_measure_end", .harness),
    (
      "closure #1 (Swift.Int) -> () in static Benchmarks.Reads.untrackedApple() -> BenchmarkKit.PreparedCase", .workload
    ),
    ("Benchmarks.Counter.count.getter : Swift.Int", .workload),
    ("ObservationCore.ObservableModel.access(ObservationCore.ObservedField) -> ()", .registrar),
    ("obs_task_scope_or_bound", .scope),
    ("obs_thread_changes_get", .store),
    ("Swift._ContiguousArrayBuffer.count.getter : Swift.Int", .other),
  ]

  @Test(arguments: cases)
  func group_ofFunction_isItsOwnersGroup(name: String, group: ProfileGroup) {
    #expect(ProfileGroup.of(demangled: name) == group, "\(SwiftDemangle.qualifiedName(name))")
  }

  @Test func group_ofInlinedSourceFile_isItsFoldersGroup() {
    #expect(ProfileGroup.of(sourceFile: "/w/Sources/ObservationCore/Registrar/MutexRegistrar.swift") == .registrar)
    #expect(ProfileGroup.of(sourceFile: "/w/Sources/ObservationCore/Tracking/ThreadLocalScope.swift") == .scope)
    #expect(ProfileGroup.of(sourceFile: "/w/Sources/ObservationCore/Tracking/Observer.swift") == .notification)
    #expect(ProfileGroup.of(sourceFile: "/w/Sources/ObservationCore/Store/Store.swift") == .store)
    #expect(ProfileGroup.of(sourceFile: "/w/Benchmarks/Reads/Reads+Tracked.swift") == nil)
  }

  @Test func qualifiedName_dropsSpecialisationsSignaturesAndClosures() {
    #expect(
      SwiftDemangle.qualifiedName(
        "generic specialization <Swift.Int> of ObservationCore.MutexRegistrar.willSet(ObservationCore.ObservedField) "
          + "-> ()"
      )
        == "ObservationCore.MutexRegistrar.willSet")
    #expect(
      SwiftDemangle.qualifiedName("closure #2 () -> () in Benchmarks.Reads.tracked<A>(A.Type) -> ()")
        == "Benchmarks.Reads.tracked")
    #expect(
      SwiftDemangle.qualifiedName(
        "closure #1 (Swift.Int) -> () in static Benchmarks.Reads.(tracked in _9736CE1C)<A>(A.Type) -> ()")
        == "Benchmarks.Reads.tracked")
    #expect(
      SwiftDemangle.qualifiedName(
        "protocol witness for ObservationCore.TrackingScope.record() -> () in conformance "
          + "ObservationCore.TaskLocalScope : ObservationCore.TrackingScope in ObservationCore"
      )
        == "ObservationCore.TrackingScope.record")
  }

  @Test func demangle_usesTheRuntime() {
    #expect(
      SwiftDemangle.demangle("$sSi1poiyS2i_SitFZ") == "static Swift.Int.+ infix(Swift.Int, Swift.Int) -> Swift.Int")
    #expect(SwiftDemangle.demangle("malloc") == "malloc")
  }
}
