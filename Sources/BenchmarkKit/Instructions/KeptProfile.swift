/// One case's instructions by function, kept from its callgrind run so that a
/// difference can be explained later without running the case again.
///
/// Every figure is a whole number of instructions over the same ``operations``:
/// the difference of the case's dumps at `3 × step` and `step` iterations (the
/// counts its `instructions_per_op` comes from). Sums of them are exact, so a
/// group's instructions are exactly the sum of its functions' and the case's
/// are exactly the sum of its groups' (``total``); an explanation that divides
/// them by the operation count only at the end keeps that exactness.
public struct KeptProfile: Hashable, Sendable {
  /// One function's instructions over the profile's operations.
  public struct Function: Hashable, Sendable {
    /// The demangled name; unique in a profile (symbols that demangle alike are merged).
    public var name: String
    /// The group its own code counts in.
    public var group: String
    /// Self instructions by group: the function's own group, and any other whose
    /// code the compiler inlined into it (known from line information). The
    /// values sum to ``selfInstructions``.
    public var parts: [String: Int64]
    /// Instructions executed in it and in what it called.
    public var inclusiveInstructions: Int64

    /// Instructions executed in the function itself.
    public var selfInstructions: Int64 { parts.values.reduce(0, +) }

    /// Creates a function's record.
    public init(name: String, group: String, parts: [String: Int64], inclusiveInstructions: Int64) {
      self.name = name
      self.group = group
      self.parts = parts
      self.inclusiveInstructions = inclusiveInstructions
    }

    /// A function whose self instructions all count in its own group.
    public init(name: String, group: String, selfInstructions: Int64, inclusiveInstructions: Int64) {
      self.init(
        name: name, group: group, parts: [group: selfInstructions], inclusiveInstructions: inclusiveInstructions)
    }
  }

  /// The function that holds the part of the region's count (callgrind's
  /// summary) that its function lines do not: ``total`` is then the count the
  /// case's `instructions_per_op` is read from.
  public static let unattributedName = "(in the region's count, not in callgrind's function lines)"

  /// The case.
  public var key: CaseKey
  /// The operations the figures are over (`2 × step × operationsPerIteration`).
  public var operations: Int
  /// The reference loop's instructions per operation (the harness's own loop,
  /// which `instructions_per_op` leaves out).
  public var loopPerOperation: Double
  /// Every function with any instruction in the region, by name.
  public var functions: [Function]
  /// Whether the dumps had line information, so that code inlined from one
  /// group's files into another's function counts in its own group.
  public var hasLineInformation: Bool
  /// Calls per operation into the runtime's reference counting and object
  /// allocation, from the same dumps; `nil` in profiles kept before they were.
  public var runtimeCalls: RuntimeCalls?

  /// Creates a profile.
  public init(
    key: CaseKey, operations: Int, loopPerOperation: Double, functions: [Function], hasLineInformation: Bool = false,
    runtimeCalls: RuntimeCalls? = nil
  ) {
    self.key = key
    self.operations = max(operations, 1)
    self.loopPerOperation = loopPerOperation
    self.functions = functions
    self.hasLineInformation = hasLineInformation
    self.runtimeCalls = runtimeCalls
  }

  /// All instructions of the region over ``operations``: the sum of every
  /// function's self instructions, so of every group's.
  public var total: Int64 { functions.reduce(0) { $0 + $1.selfInstructions } }

  /// The instructions of each group over ``operations``.
  public var groups: [String: Int64] {
    var groups = [String: Int64]()
    for function in functions {
      for (group, count) in function.parts { groups[group, default: 0] += count }
    }
    return groups
  }

  /// The region's instructions per operation, the loop's included.
  public var totalPerOperation: Double { Double(total) / Double(operations) }

  /// The case's `instructions_per_op`: the region's without the loop's own.
  public var perOperation: Double { totalPerOperation - loopPerOperation }
}
