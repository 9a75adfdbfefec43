import Foundation
import Glibc

/// The side of the instructions mode that runs under callgrind: prepares each case
/// of a plan and calls ``measuredRegion(_:_:)`` at three iteration counts, then
/// does the same for the reference loop of each shape, and writes the manifest.
///
/// It learns each dump's count by reading the dump callgrind has just written
/// (`BASE.N`), so the iteration step is chosen from instructions, not from
/// valgrind's wall clock: the same build measures the same counts every time.
public final class InstructionRecorder {
  /// The callgrind output file base (`--callgrind-out-file`); dumps are `BASE.1`, `BASE.2`, …
  public var dumpBase: String
  /// Receives one line per case, for progress.
  public var onProgress: (String) -> Void

  /// Instructions one step of iterations aims at: enough to average an
  /// allocator's periodic slow paths, few enough for valgrind (~10⁷ a second).
  public static let targetInstructionsPerStep: UInt64 = 400_000
  /// The fewest and most iterations in a step.
  public static let stepRange = 4...4096

  private var dumpCount = 0
  /// Where a dump's tail is read, allocated before any case is prepared.
  private let tail = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)

  /// Creates a recorder writing through `dumpBase`.
  public init(dumpBase: String, onProgress: @escaping (String) -> Void = { _ in }) {
    self.dumpBase = dumpBase
    self.onProgress = onProgress
  }

  deinit {
    tail.deallocate()
  }

  /// Measures every case of `plan` and returns the manifest, in dump order.
  public func record(_ plan: BenchmarkPlan) -> [InstructionManifestEntry] {
    var entries = [InstructionManifestEntry]()
    var shapes = Set<Int>()
    var index = 0
    for group in plan.groups {
      for strategy in group.strategies {
        index += 1
        let key = CaseKey(suite: group.suite, scenario: group.scenario.name, strategy: strategy, size: group.size)
        onProgress("[\(index)/\(plan.caseCount)] \(key)")
        if let reason = group.scenario.instructionsSkipReason {
          entries.append(InstructionManifestEntry(kind: .skipped, key: key, operationsPerIteration: 1, note: reason))
          continue
        }
        let prepared: PreparedCase
        do {
          prepared = try group.scenario.prepare(strategy: strategy, size: group.size)
        } catch {
          entries.append(
            InstructionManifestEntry(
              kind: .failed, key: key, operationsPerIteration: 1, note: "set-up failed: \(error)"))
          continue
        }
        entries.append(measure(prepared, key: key, kind: .measured))
        prepared.tearDown?()
        shapes.insert(prepared.operationsPerIteration)
      }
    }
    for shape in shapes.sorted() {
      let reference = PreparedCase(
        operationsPerIteration: shape, run: { referenceLoop($0, operationsPerIteration: shape) })
      let key = CaseKey(suite: "harness", scenario: "loop-overhead", strategy: "harness", size: shape)
      entries.append(measure(reference, key: key, kind: .reference))
    }
    return entries
  }

  /// Calibrates, warms up and measures one case in its isolation.
  public func measure(
    _ prepared: PreparedCase, key: CaseKey, kind: InstructionManifestEntry.Kind
  ) -> InstructionManifestEntry {
    var entry = InstructionManifestEntry(kind: kind, key: key, operationsPerIteration: prepared.operationsPerIteration)
    let body = { [self] in
      // One iteration and two, dumped and read back, size the step: their
      // difference is one iteration's instructions without the fixed costs (a
      // scope opened per run, a first call's lazy set-up, warmed up here).
      // Each after an uncounted run of its length, as the counts below are.
      prepared.run(1)
      let one = total(ofDump: region(prepared, 1)) ?? 0
      prepared.run(2)
      let two = total(ofDump: region(prepared, 2)) ?? 0
      // A difference that says nothing (a path that changed between the two)
      // falls back to the whole first count, which can only overstate.
      let perIteration = max(two > one ? two - one : one, 1)
      // A power of two, so a cost that recurs every 2^k operations (a buffer
      // that wraps, a cache refilled in batches) falls alike in every stretch.
      let target = Int(max(1, Self.targetInstructionsPerStep / perIteration)).clamped(to: Self.stepRange)
      let step = 1 << (Int.bitWidth - 1 - target.leadingZeroBitCount)
      // Warm-up at the largest length: scratch storage a run grows (an access
      // list, a table of observers) is then as large as any counted run needs,
      // so no stretch pays for growth the others do not.
      prepared.run(3 * step)
      entry.step = step
      // Each counted run follows an uncounted one of the same length: work a run
      // leaves for the next (an access list cleared when the next scope opens,
      // observers reclaimed at the next install) is then what this length
      // leaves, and the count stays linear in the length.
      entry.dumps = [step, 2 * step, 3 * step].map { iterations in
        prepared.run(iterations)
        return region(prepared, iterations)
      }
    }
    if let isolation = prepared.isolation {
      // The isolation hands the closure to a task and waits for it, which orders
      // the writes to `entry`.
      let box = UncheckedSendable(body)
      isolation { box.value() }
    } else {
      body()
    }
    return entry
  }

  private func region(_ prepared: PreparedCase, _ iterations: Int) -> Int {
    measuredRegion(prepared, iterations)
    dumpCount += 1
    return dumpCount
  }

  // The `totals:` line of dump `number`, read from its tail into a buffer of its
  // own with no allocation: the case's heap, and with it its count, must not
  // depend on how long the dump is (its pid's digits, the paths it names) or on
  // the folder it sits in, as reading it whole through Foundation made it.
  private func total(ofDump number: Int) -> UInt64? {
    let descriptor = open("\(dumpBase).\(number)", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    let end = lseek(descriptor, 0, SEEK_END)
    guard end >= 0, lseek(descriptor, max(0, end - off_t(tail.count)), SEEK_SET) >= 0 else { return nil }
    var length = 0
    while length < tail.count {
      let read = Glibc.read(descriptor, tail.baseAddress! + length, tail.count - length)
      guard read > 0 else { break }
      length += read
    }
    return Self.totals(in: UnsafeBufferPointer(rebasing: tail[..<length]))
  }

  private static let totalsKey = Array("\ntotals: ".utf8)

  /// The number after the last `totals: ` at the start of a line of `bytes`.
  static func totals(in bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    let key = totalsKey
    var index = bytes.count - key.count
    while index >= 0 {
      if (0..<key.count).allSatisfy({ bytes[index + $0] == key[$0] }) {
        var value: UInt64 = 0
        var position = index + key.count
        var digits = 0
        while position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 {
          value = value * 10 + UInt64(bytes[position] - 48)
          position += 1
          digits += 1
        }
        return digits > 0 ? value : nil
      }
      index -= 1
    }
    return nil
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
