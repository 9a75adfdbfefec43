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
    // A model the core's tests share names a core type, and is still the workload.
    (
      "CoreModels.nodeReducer<A where A: ObservationCore.ObservationStrategy>(inout CoreModels.NodeState<A>, "
        + "CoreModels.NodeAction) -> ObservationCore.Effect<CoreModels.NodeAction>", .workload
    ),
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

  @Test func qualifiedName_ofMergedSpecialisationsAndCppNames_isTheFunctionsOwn() {
    // The demangler leaves a propagated closure's "[" open: cut at "> of ".
    #expect(
      SwiftDemangle.qualifiedName(
        "merged function signature specialization <Arg[4] = [Closure Propagated : $s10Benchmarks11listReducer, "
          + "Argument Types : []> of function signature specialization <Arg[3] = [Closure Propagated : $s15Obs, "
          + "Argument Types : [@callee_guaranteed (@in_guaranteed A) -> (@unowned Swift.Bool) for <Swift.Int>]> "
          + "of generic specialization <serialized, Swift.Int> of closure #1 (inout Swift.UnsafeMutableBufferPointer"
          + "<A>, inout Swift.Int) throws -> () in Swift.UnsafeMutableBufferPointer._stableSortImpl(by: (A, A) "
          + "throws -> Swift.Bool) throws -> ()")
        == "Swift.UnsafeMutableBufferPointer._stableSortImpl")
    // A header whose parameters name another function ("… of listReducer").
    #expect(
      SwiftDemangle.qualifiedName(
        "function signature specialization <Arg[3] = [Constant Propagated Function : generic specialization "
          + "<Swift.Int> of Benchmarks.listReducer<A>(inout Benchmarks.ListState<A>) -> ()]> of generic not "
          + "re-abstracted specialization <Swift.Int> of reabstraction thunk helper <A> from @escaping "
          + "@callee_guaranteed (@inout Benchmarks.ListState<A>) -> () to @escaping @callee_guaranteed "
          + "(@inout Benchmarks.ListState<A>) -> ()")
        == "reabstraction thunk")
    // valgrind's C++ names: the qualified name, not the return type or "swift".
    #expect(
      SwiftDemangle.qualifiedName(
        "bool swift::RefCounts<swift::RefCountBitsT<(swift::RefCountInlinedness)1> >::doDecrementSlow<"
          + "(swift::PerformDeinit)1>(swift::RefCountBitsT<(swift::RefCountInlinedness)1>, unsigned int)'2")
        == "swift::RefCounts::doDecrementSlow'2")
    #expect(
      SwiftDemangle.qualifiedName(
        "swift::runtime::AccessSet::insert(swift::runtime::Access*, void*, void*, swift::ExclusivityFlags)")
        == "swift::runtime::AccessSet::insert")
    #expect(
      ProfileGroup.of(
        demangled: "bool swift::RefCounts<swift::RefCountBitsT<(swift::RefCountInlinedness)1> >::doDecrementSlow<"
          + "(swift::PerformDeinit)1>(swift::RefCountBitsT<(swift::RefCountInlinedness)1>, unsigned int)")
        == .allocation)
  }

  @Test func demangle_usesTheRuntime() {
    #expect(
      SwiftDemangle.demangle("$sSi1poiyS2i_SitFZ") == "static Swift.Int.+ infix(Swift.Int, Swift.Int) -> Swift.Int")
    #expect(SwiftDemangle.demangle("malloc") == "malloc")
  }
}
