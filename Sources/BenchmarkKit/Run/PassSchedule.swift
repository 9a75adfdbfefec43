/// Which build measures a pass: this one, or the baseline build of an A/B run.
public enum PassBuild: String, Codable, Sendable {
  case current
  case baseline
}

/// The passes of a run, in the order they are measured: what ``PassLoop``
/// runs, whichever way a pass is launched.
///
/// A run of P passes measures pass 1 … P with this build. An A/B run
/// (`obsbench run --baseline-binary`) measures P pairs: pass p of the baseline
/// and pass p of this build one right after the other, in A B B A order (the
/// order alternating from pair to pair, so that neither build always goes
/// first into a warming or cooling machine); both builds' pass p take the
/// cases in the same order (the same seed: ``RunConfiguration`` `forPass`).
public struct PassSchedule: Equatable, Sendable {
  /// One pass of one build.
  public struct Slot: Equatable, Sendable {
    public var build: PassBuild
    /// The pass, 1-based.
    public var pass: Int

    public init(build: PassBuild, pass: Int) {
      self.build = build
      self.pass = pass
    }
  }

  /// How many passes each build measures.
  public let passes: Int
  /// Every pass of every build, in the order they are measured.
  public let slots: [Slot]

  /// `passes` passes of this build.
  public static func passes(_ passes: Int) -> PassSchedule {
    let passes = max(1, passes)
    return PassSchedule(passes: passes, slots: (1...passes).map { Slot(build: .current, pass: $0) })
  }

  /// `pairs` passes of each build, interleaved A B, B A, A B, ….
  public static func paired(_ pairs: Int) -> PassSchedule {
    let pairs = max(1, pairs)
    let slots = (1...pairs).flatMap { pass in
      baselineFirst(inPair: pass)
        ? [Slot(build: .baseline, pass: pass), Slot(build: .current, pass: pass)]
        : [Slot(build: .current, pass: pass), Slot(build: .baseline, pass: pass)]
    }
    return PassSchedule(passes: pairs, slots: slots)
  }

  /// Which build measures first in pair `pair` (1-based): the baseline in odd
  /// pairs, this build in even ones.
  public static func baselineFirst(inPair pair: Int) -> Bool { pair % 2 == 1 }
}
