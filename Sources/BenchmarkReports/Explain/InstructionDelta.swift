/// A change of instructions per operation, held exactly: a whole-number
/// numerator over the denominator its explanation shares by all its deltas.
///
/// Two profiles count over different operation counts `m` (before) and `n`
/// (after); the change of a count from `a/m` to `b/n` is `(b·m − a·n) / (m·n)`.
/// Every delta of one explanation has the denominator `m·n`, so adding
/// numerators adds deltas without rounding: the groups' sum to the total, and a
/// group's functions' to the group, exactly.
public struct InstructionDelta: Hashable, Sendable, Comparable {
  /// The change times ``denominator``.
  public var numerator: Int64
  /// The product of the two profiles' operation counts.
  public var denominator: Int64

  /// The change of a count from `before` over `beforeOperations` to `after`
  /// over `afterOperations`.
  public init(before: Int64, beforeOperations: Int, after: Int64, afterOperations: Int) {
    numerator = after * Int64(beforeOperations) - before * Int64(afterOperations)
    denominator = Int64(beforeOperations) * Int64(afterOperations)
  }

  /// A delta of `numerator` over `denominator`.
  public init(numerator: Int64, denominator: Int64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The change in instructions per operation.
  public var perOperation: Double { Double(numerator) / Double(denominator) }

  /// Whether nothing changed.
  public var isZero: Bool { numerator == 0 }

  /// The sum of deltas over one denominator.
  public static func + (lhs: InstructionDelta, rhs: InstructionDelta) -> InstructionDelta {
    precondition(lhs.denominator == rhs.denominator, "deltas of one explanation share their denominator")
    return InstructionDelta(numerator: lhs.numerator + rhs.numerator, denominator: lhs.denominator)
  }

  public static func < (lhs: InstructionDelta, rhs: InstructionDelta) -> Bool {
    lhs.perOperation < rhs.perOperation
  }
}
