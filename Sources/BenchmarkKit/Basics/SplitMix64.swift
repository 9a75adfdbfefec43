/// A small, fast, seeded random number generator (SplitMix64).
///
/// The bootstrap resamples with it so that a confidence interval is the same on
/// every run of the same samples: reports diff cleanly and tests are repeatable.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A uniformly distributed index in `0..<count`.
  ///
  /// Multiply-high instead of `Int.random(in:)` so the sequence depends on this
  /// file only, not on the standard library's choice of algorithm.
  public mutating func nextIndex(below count: Int) -> Int {
    precondition(count > 0, "nextIndex(below:) needs a positive count")
    return Int(UInt64(count).multipliedFullWidth(by: next()).high)
  }
}

extension SplitMix64 {
  /// A seed derived from `text` (FNV-1a), stable across runs and platforms.
  ///
  /// `String.hashValue` is randomised per process, so it cannot seed anything
  /// that must repeat.
  public static func seed(for text: String, base: UInt64 = 0) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ base
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return hash
  }
}
