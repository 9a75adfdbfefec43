import BenchmarkKit
import BenchmarkReports
import Foundation
import Testing

@testable import obsbench

/// Kept profiles made from callgrind dumps: whole-number counts, every
/// instruction in some function, grouped as `profile` groups them.
@Suite("Kept profiles from dumps")
struct KeptProfileTests {
  // The region at `step` iterations and at `3 × step`: a loop calling a
  // registrar method (with scope code inlined into it) and malloc.
  static func dump(iterations: UInt64) -> String {
    """
    fl=/w/Benchmarks/Scopes.swift
    fn=$s10Benchmarks6ScopesV9trackFireyyFZ
    3 \(2 * iterations + 5)
    fi=/w/Sources/ObservationCore/Tracking/ThreadLocalScope.swift
    9 \(3 * iterations)
    fe=/w/Benchmarks/Scopes.swift
    cfn=willSet
    calls=\(iterations) 4
    4 \(11 * iterations)
    cfn=malloc
    calls=\(iterations) 4
    5 \(7 * iterations)

    fl=/w/Sources/ObservationCore/Registrar/MutexRegistrar.swift
    fn=willSet
    4 \(11 * iterations)

    fl=???
    fn=malloc
    0 \(7 * iterations)

    fn=obsbench_measure_end
    0 1

    totals: \(23 * iterations + 6)
    """
  }

  static func kept() throws -> KeptProfile {
    try KeptProfile(
      key: CaseKey(suite: "scopes", scenario: "track-fire", strategy: "lock-thread-keypath", size: 1),
      first: CallgrindDump(parsing: dump(iterations: 4)[...]), last: CallgrindDump(parsing: dump(iterations: 12)[...]),
      operations: 8, loopPerOperation: 1,
      demangle: {
        $0 == "willSet"
          ? "ObservationCore.MutexRegistrar.willSet(ObservationCore.ObservedField) -> ()" : SwiftDemangle.demangle($0)
      })
  }

  @Test func keptProfile_fromDumps_countsEveryInstructionOfTheRegionOnce() throws {
    let kept = try Self.kept()
    // (23 × 12 + 6) − (23 × 4 + 6): fixed costs drop out of the difference.
    #expect(kept.total == 23 * 8)
    #expect(kept.groups == ["workload": 16, "scope": 24, "registrar": 88, "alloc": 56])
    #expect(kept.groups.values.reduce(0, +) == kept.total)
    #expect(kept.functions.map(\.name).contains("obsbench_measure_end") == false)
    #expect(kept.hasLineInformation)
  }

  /// Three real dumps (Tests/Fixtures/callgrind): the case's count is the
  /// summaries' difference, 192 896 over 64 operations; the function lines'
  /// differences sum to 1 029 less, kept as a function of its own, so the
  /// profile's total and its groups are the case's count.
  @Test func keptProfile_ofRealDumps_totalsTheRegionsCount_withTheUnattributedPartNamed() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fixtures/callgrind")
    let dumps = try [0, 2].map { index in
      try CallgrindDump(
        parsing: String(
          contentsOf: folder.appendingPathComponent("render-mutate-1.lock-thread-keypath+identity.\(index)"),
          encoding: .utf8)[...])
    }
    let kept = KeptProfile(
      key: CaseKey(suite: "mutations", scenario: "render-mutate", strategy: "lock-thread-keypath+identity", size: 1),
      first: dumps[0], last: dumps[1], operations: 64, loopPerOperation: 0)
    #expect(kept.total == 289_434 - 96_538)
    #expect(kept.groups.values.reduce(0, +) == kept.total)
    let unattributed = try #require(kept.functions.first { $0.name == KeptProfile.unattributedName })
    #expect(unattributed.selfInstructions == (289_434 - 96_538) - (292_506 - 100_639))
    #expect(unattributed.group == "other")
  }

  @Test func keptProfile_whenCodeIsInlinedFromTheCore_countsItInTheCoresGroup() throws {
    let loop = try #require(try Self.kept().functions.first { $0.group == "workload" })
    #expect(loop.parts == ["workload": 16, "scope": 24])
    #expect(loop.inclusiveInstructions == 16 + 24 + 88 + 56)
  }

  @Test func caseProfile_fromKeptProfile_movesTheLoopIntoHarness() throws {
    let profile = CaseProfile(try Self.kept())
    #expect(profile.total == 23)
    #expect(profile.perOperation == 22)
    #expect(profile.groups[.harness] == 1)
    #expect(profile.groups[.workload] == 1)
  }

  /// `profile` and `explain` give one case one set of groups: the loop's own
  /// instructions in harness, what the operation inlined into it in workload
  /// (they once differed by the loop: workload 111.5 + harness 3.0 against 114.5).
  @Test func groups_ofProfileAndExplain_areOneSet() throws {
    let kept = try Self.kept()
    let profile = CaseProfile(kept)
    let explanation = ProfileExplanation(before: kept, after: kept)
    #expect(explanation.groups.map(\.name).sorted() == profile.groups.keys.map(\.title).sorted())
    for change in explanation.groups {
      let group = try #require(ProfileGroup(title: change.name))
      #expect(abs((profile.groups[group] ?? 0) - change.after) < 1e-9, "\(change.name)")
      #expect(change.before == change.after && change.delta.isZero)
    }
    #expect(explanation.groups.first { $0.name == "harness" }?.after == 1)
  }
}
