import BenchmarkKit

/// Operations of known relative cost: chains of dependent multiply-adds.
///
/// Each step depends on the one before through ``opaque(_:)``, so a chain of N
/// steps costs N times one step's latency, with nothing to overlap, fold or
/// vectorise. The chains are written out (no inner loop), so an operation is
/// exactly its steps: the time of a correct harness is proportional to N.
extension SelfCheck {
  @inline(__always)
  static func step(_ value: UInt64) -> UInt64 {
    opaque(value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407)
  }

  @inline(__always)
  static func steps2(_ value: UInt64) -> UInt64 { step(step(value)) }

  @inline(__always)
  static func steps8(_ value: UInt64) -> UInt64 { steps2(steps2(steps2(steps2(value)))) }

  @inline(__always)
  static func steps32(_ value: UInt64) -> UInt64 { steps8(steps8(steps8(steps8(value)))) }

  /// The chain lengths `mul-chain` sweeps.
  static let chainLengths = [2, 8, 32]

  /// A chain of `size` steps per operation, unrolled eight operations per iteration.
  static var mulChain: BenchmarkScenario {
    BenchmarkScenario(
      name: "mul-chain",
      summary: "A chain of `size` dependent multiply-adds (8 operations per loop iteration)",
      sizes: chainLengths,
      quickSizes: chainLengths,
      strategies: [strategy]
    ) { _, size in
      try chainCase(length: size, unrolled: true)
    }
  }

  /// The same 32-step chain with one operation per loop iteration: it must agree
  /// with `mul-chain` at size 32, or the harness mishandles one of the two shapes.
  ///
  /// 32 steps, not fewer: with one operation per iteration the loop's own cost
  /// (~0.3-0.6 ns) may run entirely in the shadow of a latency-bound chain, so
  /// subtracting it is exact only to within itself — which every such case's
  /// uncertainty includes. At 32 steps that is under 2% of the operation.
  static var mulChainSingle: BenchmarkScenario {
    BenchmarkScenario(
      name: "mul-chain-single",
      summary: "A chain of 32 dependent multiply-adds (1 operation per loop iteration)",
      strategies: [strategy]
    ) { _, _ in
      try chainCase(length: 32, unrolled: false)
    }
  }

  static func chainCase(length: Int, unrolled: Bool) throws -> PreparedCase {
    let state = Box(identity(0x9E37_79B9_7F4A_7C15 as UInt64))
    let chain: (UInt64) -> UInt64
    switch length {
    case 2: chain = { steps2($0) }
    case 8: chain = { steps8($0) }
    case 32: chain = { steps32($0) }
    default: throw ChainLengthUnsupported(length: length)
    }
    return PreparedCase(
      operationsPerIteration: unrolled ? unrollFactor : 1,
      run: unrolled
        ? { iterations in
          var value = state.value
          repeatUnrolled(iterations) {
            value = chain(value)
            blackHole(value)
          }
          state.value = value
        }
        : { iterations in
          var value = state.value
          for _ in 0..<iterations {
            value = chain(value)
            blackHole(value)
          }
          state.value = value
        })
  }

  /// The cost of one step, from raw timings of 32-step chains: the fastest of 21
  /// timings of 320 000 steps each (~0.4 ms), so the loop, the clock and the call
  /// are under 0.1% of one, and a timing the scheduler interrupted is not the one
  /// kept.
  static func rawStepNanoseconds() -> Double {
    let rounds = 10_000
    var fastest = UInt64.max
    var value = identity(0x243F_6A88_85A3_08D3 as UInt64)
    for _ in 0..<21 {
      let start = MonotonicClock.now()
      for _ in 0..<rounds { value = steps32(value) }
      fastest = min(fastest, MonotonicClock.now() &- start)
    }
    blackHole(value)
    return Double(fastest) / Double(rounds * 32)
  }

  /// The harness's own loop as a case: the reference loop of eight empty
  /// operations per iteration, timed like any unrolled case.
  ///
  /// Its true cost beyond the loop is nothing, so once the runner subtracts the
  /// reference of its shape it must net to zero. A runner that subtracted another
  /// shape's reference (the single-operation loop, ~0.3-0.5 ns per iteration, in
  /// place of an eighth of the eight-operation one) would net that difference
  /// below zero — a shift the chains' own variation can hide, and this cannot.
  static var emptyBody: BenchmarkScenario {
    BenchmarkScenario(
      name: "empty-body",
      summary: "The harness's reference loop itself (8 empty operations per loop iteration): nets to zero",
      strategies: [strategy]
    ) { _, _ in
      PreparedCase(
        operationsPerIteration: unrollFactor,
        run: { referenceLoop($0, operationsPerIteration: unrollFactor) })
    }
  }

  /// The target of `injected-10ns`.
  static let injectedTargetNs = 10.0
  /// The chain length of `injected-10ns`, chosen once per process from a raw timing.
  static let injectedSteps: Int = {
    let stepNs = rawStepNanoseconds()
    return max(1, Int((injectedTargetNs / stepNs).rounded()))
  }()

  /// An operation made to cost about 10 ns: `injectedSteps` steps, eight steps at
  /// a time and single steps for the rest.
  static var injected: BenchmarkScenario {
    BenchmarkScenario(
      name: "injected-10ns",
      summary: "A chain of dependent multiply-adds sized to cost about 10 ns by one long raw timing",
      strategies: [strategy]
    ) { _, _ in
      let state = Box(identity(0x1319_8A2E_0370_7344 as UInt64))
      let eights = identity(injectedSteps / 8)
      let ones = identity(injectedSteps % 8)
      return PreparedCase(run: { iterations in
        var value = state.value
        for _ in 0..<iterations {
          for _ in 0..<eights { value = steps8(value) }
          for _ in 0..<ones { value = step(value) }
          blackHole(value)
        }
        state.value = value
      })
    }
  }
}

/// A chain length the self-check has no written-out chain for.
struct ChainLengthUnsupported: Error, CustomStringConvertible {
  var length: Int
  var description: String { "mul-chain has chains of \(SelfCheck.chainLengths) steps, not \(length)" }
}
