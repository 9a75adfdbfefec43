import BenchmarkKit
import Foundation
import Testing

@testable import BenchmarkReports

/// The explanation's arithmetic and matching, on model-level profiles.
@Suite("Profile explanation")
struct ProfileExplanationTests {
  typealias Function = KeptProfile.Function

  static func profile(
    _ strategy: String, operations: Int, _ functions: [Function], loop: Double = 0
  ) -> KeptProfile {
    KeptProfile(
      key: CaseKey(suite: "scopes", scenario: "track-fire", strategy: strategy, size: 1), operations: operations,
      loopPerOperation: loop, functions: functions)
  }

  static func function(_ name: String, _ group: String, self count: Int64, inclusive: Int64? = nil) -> Function {
    Function(name: name, group: group, selfInstructions: count, inclusiveInstructions: inclusive ?? count)
  }

  // Operation counts that share no factor and counts that do not divide them:
  // every per-operation figure is a repeating fraction.
  static let before = profile(
    "lock-thread-keypath", operations: 3,
    [
      function("ObservationCore.MutexRegistrar.willSet", "registrar", self: 1_001),
      function("ObservationCore.ThreadLocalScope.record", "scope", self: 707),
      function("swift_retain", "alloc", self: 113),
      function("Benchmarks.Scopes.trackFire", "workload", self: 97, inclusive: 1_918),
      Function(
        name: "closure #1 in Benchmarks.Scopes.trackFire", group: "workload",
        parts: ["workload": 31, "scope": 17, "notify": 5], inclusiveInstructions: 53),
    ])
  static let after = profile(
    "lock-task-keypath", operations: 7,
    [
      function("ObservationCore.MutexRegistrar.willSet", "registrar", self: 2_339),
      function("ObservationCore.TaskLocalScope.record", "scope", self: 3_011),
      function("swift_retain", "alloc", self: 262),
      function("Benchmarks.Scopes.trackFire", "workload", self: 233, inclusive: 5_999),
      Function(
        name: "closure #1 in Benchmarks.Scopes.trackFire", group: "workload",
        parts: ["workload": 71, "scope": 43, "notify": 40], inclusiveInstructions: 154),
    ])

  @Test func explain_groupDeltas_sumExactlyToTheTotal() {
    let explanation = ProfileExplanation(before: Self.before, after: Self.after)
    let sum = explanation.groups.reduce(Int64(0)) { $0 + $1.delta.numerator }
    #expect(sum == explanation.total.numerator)
    #expect(explanation.groups.allSatisfy { $0.delta.denominator == 21 })
    // The total is the change of the region's instructions per operation.
    #expect(explanation.total.numerator == Self.after.total * 3 - Self.before.total * 7)
    #expect(abs(explanation.total.perOperation - (Self.after.totalPerOperation - Self.before.totalPerOperation)) < 1e-9)
  }

  @Test func explain_functionSelfDeltas_sumExactlyToTheirGroup() {
    let explanation = ProfileExplanation(before: Self.before, after: Self.after)
    for group in explanation.groups {
      let sum = explanation.functions(in: group.name).reduce(Int64(0)) { $0 + $1.delta.numerator }
      #expect(sum == group.delta.numerator, "\(group.name)")
    }
    let selfSum = explanation.functions.reduce(Int64(0)) { $0 + $1.selfDelta.numerator }
    #expect(selfSum == explanation.total.numerator)
  }

  @Test func explain_whenCodeIsInlinedFromAnotherGroup_countsThatPartThere() {
    let explanation = ProfileExplanation(before: Self.before, after: Self.after)
    let closure = explanation.functions.first { $0.name.hasPrefix("closure") }
    // 43/7 − 17/3 = (43 × 3 − 17 × 7) / 21
    let expected: Int64 = 43 * 3 - 17 * 7
    #expect(closure?.parts["scope"] == InstructionDelta(numerator: expected, denominator: 21))
    #expect(closure?.group == "workload")
  }

  @Test func explain_whenAFunctionIsInOneBuildOnly_reportsItNewOrVanished() {
    let explanation = ProfileExplanation(before: Self.before, after: Self.after)
    let new = explanation.functions.filter { $0.match == .new }.map(\.name)
    let vanished = explanation.functions.filter { $0.match == .vanished }.map(\.name)
    #expect(new == ["ObservationCore.TaskLocalScope.record"])
    #expect(vanished == ["ObservationCore.ThreadLocalScope.record"])
    let text = explanation.render(top: 8, beforeLabel: "a", afterLabel: "b")
    #expect(text.contains("new functions: 1"))
    #expect(text.contains("vanished functions: 1"))
  }

  @Test func explain_whenASpecialisationIsRenamedBetweenBuilds_matchesItByItsUnspecialisedName() {
    let old = Self.profile(
      "lock-thread-keypath", operations: 4,
      [
        Self.function(
          "generic specialization <Benchmarks.Counter<Swift.Int>> of ObservationCore.Store.send(A1) -> ()", "store",
          self: 400),
        Self.function("main", "other", self: 4),
      ])
    let new = Self.profile(
      "lock-thread-keypath", operations: 4,
      [
        Self.function(
          "function signature specialization <Arg[0] = Dead> of generic specialization <Benchmarks.Counter<Swift.Int>> "
            + "of ObservationCore.Store.send(A1) -> ()",
          "store", self: 300),
        Self.function(
          "generic specialization <Benchmarks.Counter<Swift.Int8>> of ObservationCore.Store.send(A1) -> ()", "store",
          self: 140),
        Self.function("main", "other", self: 4),
      ])
    let explanation = ProfileExplanation(before: old, after: new)
    let renamed = explanation.functions.filter { if case .renamed = $0.match { true } else { false } }
    #expect(renamed.count == 1)
    #expect(renamed.first?.name == "ObservationCore.Store.send(A1) -> ()")
    #expect(renamed.first?.selfDelta.perOperation == 10)
    if case .renamed(let before, let after) = renamed.first?.match {
      #expect(before.count == 1 && after.count == 2)
    }
    // Nothing dropped: the renamed row carries the whole change.
    #expect(explanation.total.perOperation == 10)
    #expect(explanation.render(top: 8, beforeLabel: "a", afterLabel: "b").contains("specialised differently"))
  }

  /// The planted change of the end-to-end check (one more malloc'd block per
  /// observer installed, freed in its deinit), pinned with the counts callgrind
  /// measured on scopes/track-fire (per operation, 256 operations): malloc +41,
  /// free +24 and _int_free +64 in `alloc`; the install path's `Observer.init`
  /// +5.5 (the call and the store) and `Observer.deinit` +2.5 (the call to free)
  /// in `notify`.
  @Test func explain_whenOneFunctionGainsAnAllocation_attributesItToAlloc() {
    let initializer =
      "ObservationCore.Observer.init(list: ObservationCore.AccessList, total: Swift.Int, persistent: Swift.Bool) -> "
        + "ObservationCore.Observer"
    let deinitializer = "ObservationCore.Observer.deinit"
    func build(planted: Bool) -> KeptProfile {
      let k: Int64 = planted ? 1 : 0
      return Self.profile(
        "lock-thread-keypath", operations: 256,
        [
          Self.function("Benchmarks.Scopes.trackFire", "workload", self: 256 * 151, inclusive: 256 * (1_520 + 137 * k)),
          Self.function(initializer, "notify", self: 256 * 60 + 128 * 11 * k, inclusive: 256 * 60 + 128 * 93 * k),
          Self.function(deinitializer, "notify", self: 256 * 40 + 128 * 5 * k, inclusive: 256 * 40 + 128 * 181 * k),
          Self.function("malloc", "alloc", self: 256 * (300 + 41 * k)),
          Self.function("free", "alloc", self: 256 * (200 + 24 * k), inclusive: 256 * (325 + 88 * k)),
          Self.function("_int_free", "alloc", self: 256 * (125 + 64 * k)),
          Self.function("ObservationCore.MutexRegistrar.willSet", "registrar", self: 256 * 205),
        ])
    }
    let explanation = ProfileExplanation(before: build(planted: false), after: build(planted: true))
    #expect(explanation.total.perOperation == 137)
    let alloc = explanation.groups.first { $0.name == "alloc" }
    let notify = explanation.groups.first { $0.name == "notify" }
    #expect(alloc?.delta.perOperation == 129)
    #expect(notify?.delta.perOperation == 8)
    // The install path's function leads its group's change, and is named.
    #expect(explanation.functions(in: "notify").first?.name == initializer)
    #expect(explanation.byInclusiveChange.map(\.name).contains(initializer))
    #expect(explanation.summaryLines().first == "by group: alloc +129.00, notify +8.00 (total +137.00 per op)")
  }

  @Test func normalisedName_dropsSpecialisationsAndGenericArguments() {
    #expect(
      ProfileExplanation.normalisedName(
        "generic specialization <A<B>, (C) -> D> of merged ObservationCore.Store.send(A1) -> ()")
        == "ObservationCore.Store.send(A1) -> ()")
    #expect(
      ProfileExplanation.normalisedName(
        "closure #1 () -> () in Benchmarks.Scopes.trackFire<A: ObservationCore.Strategy<X, Y>>(A) -> ()")
        == "closure #1 () -> () in Benchmarks.Scopes.trackFire<…>(A) -> ()")
    #expect(ProfileExplanation.normalisedName("closure #1 in X.y") == "closure #1 in X.y")
  }

  @Test func keptProfiles_roundTripThroughTheirFile() throws {
    let profiles = KeptProfiles([Self.before, Self.after])
    let data = try profiles.encoded()
    let read = try JSONDecoder().decode(KeptProfiles.self, from: data)
    // Functions are written by name; their order carries nothing.
    #expect(read.cases.map { Set($0.functions) } == profiles.cases.map { Set($0.functions) })
    #expect(read.cases.map(\.key) == profiles.cases.map(\.key))
    #expect(read[Self.after.key]?.total == Self.after.total)
  }

  /// A change of reference counting is named as such beside the
  /// instructions: `explain` prints each kind of runtime call per operation,
  /// and the summary `compare` and `check` print names the kinds that moved.
  @Test func explain_whenBothSidesCountedRuntimeCalls_namesTheChangeInRetainsPerOp() throws {
    var before = Self.before
    var after = Self.after
    before.runtimeCalls = RuntimeCalls(retains: 9, releases: 12, objectAllocations: 1, objectDeallocations: 1)
    after.runtimeCalls = RuntimeCalls(retains: 43, releases: 12, objectAllocations: 1, objectDeallocations: 1)
    let explanation = ProfileExplanation(before: before, after: after)
    let text = explanation.render(top: 3, beforeLabel: "a", afterLabel: "b")
    #expect(text.contains("retains_per_op         9.00 → 43.00  +34.00"), "\(text)")
    #expect(text.contains("releases_per_op        12.00 → 12.00  +0.00"), "\(text)")
    #expect(explanation.summaryLines().contains("runtime calls: retains +34.00 per op"))
    // Kept with the profile, and read back.
    let read = try JSONDecoder().decode(KeptProfiles.self, from: try KeptProfiles([before, after]).encoded())
    #expect(read[after.key]?.runtimeCalls == after.runtimeCalls)
    // A side that did not count them prints no such line.
    let uncounted = ProfileExplanation(before: Self.before, after: after)
    #expect(!uncounted.render(top: 3, beforeLabel: "a", afterLabel: "b").contains("retains_per_op"))
    #expect(!uncounted.summaryLines().contains { $0.hasPrefix("runtime calls") })
  }

  @Test func keptProfiles_whenCorrupt_throwOneLine() throws {
    let path = NSTemporaryDirectory() + "kept-\(UUID().uuidString)-profiles.json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(
      (#"{"version":1,"groups":["a"],"names":["f"],"cases":[{"suite":"s","scenario":"x","strategy":"y","size":1,"#
        + #""operations":2,"loopPerOperation":0,"functions":[[5,1,0,1]]}]}"#).utf8
    )
    .write(to: URL(fileURLWithPath: path))
    #expect(throws: CallgrindError.self) { try KeptProfiles.read(path: path) }
    #expect(KeptProfiles.path(forResults: "/a/results.json") == "/a/results-profiles.json")
  }
}
