/// One callgrind dump (a `callgrind.out` file), read for its totals and its cost
/// per function.
///
/// Reads the format callgrind writes with `--compress-strings=no
/// --compress-pos=no`: `fn=` opens a function; a cost line (`LINE COST`) after it
/// is the function's own (self) cost, unless it follows a `calls=` line, when it
/// is the inclusive cost of the call to the preceding `cfn=`. A function's
/// inclusive cost is its self cost plus the inclusive cost of the calls it made.
/// Functions that appear in several objects (`ob=`) are merged by name.
public struct CallgrindDump: Hashable, Sendable {
  /// Instructions of one function in the dump.
  public struct FunctionCost: Hashable, Sendable {
    /// Instructions executed in the function itself.
    public var selfCost: UInt64 = 0
    /// Instructions executed in it and in everything it called.
    public var inclusiveCost: UInt64 = 0
    /// The self cost by source file, where the dump has line information: code
    /// the compiler inlined from another file counts under that file (`fi=`,
    /// `fe=`). Empty without debug information.
    public var selfCostByFile: [String: UInt64] = [:]

    /// Creates a cost.
    public init(selfCost: UInt64 = 0, inclusiveCost: UInt64 = 0) {
      self.selfCost = selfCost
      self.inclusiveCost = inclusiveCost
    }
  }

  /// The dump's total instructions: `summary:`, or `totals:` when absent.
  ///
  /// `summary:` is callgrind's count of every instruction between the zeroing
  /// and the dump; `totals:`, the sum of the per-function lines, can exceed it
  /// by a part that is not linear in the region's length (costs of the
  /// contexts open when the counters were zeroed, charged again), so three
  /// counts of 1, 2 and 3 stretches differed by up to 10% per stretch
  /// (`Tests/Fixtures/callgrind`: summaries 96 538, 192 986, 289 434, exactly
  /// linear; totals 100 639, 195 034, 292 506).
  public var total: UInt64
  /// The cost of every function with any, by (mangled) name.
  public var functions: [String: FunctionCost]

  /// Parses the text of a dump.
  ///
  /// - Throws: ``CallgrindError`` when the text holds no total.
  public init(parsing text: Substring) throws(CallgrindError) {
    var total: UInt64?
    var summary: UInt64?
    var functions = [String: FunctionCost]()
    var current: String?
    var file = "???"
    var inlinedFile: String?
    var afterCalls = false
    var callee: String?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let first = line.first else { continue }
      if first.isNumber || first == "+" || first == "-" || first == "*" {
        guard let name = current, let cost = Self.cost(of: line) else { continue }
        if afterCalls {
          // A recursive call's cost is already inside the function's own lines.
          if callee != name { functions[name, default: FunctionCost()].inclusiveCost += cost }
          afterCalls = false
        } else {
          functions[name, default: FunctionCost()].selfCost += cost
          functions[name, default: FunctionCost()].inclusiveCost += cost
          if (inlinedFile ?? file) != "???" {
            functions[name, default: FunctionCost()].selfCostByFile[inlinedFile ?? file, default: 0] += cost
          }
        }
      } else if line.hasPrefix("fn=") {
        current = String(line.dropFirst(3))
        inlinedFile = nil
        afterCalls = false
      } else if line.hasPrefix("fl=") {
        file = String(line.dropFirst(3))
        inlinedFile = nil
      } else if line.hasPrefix("fi=") || line.hasPrefix("fe=") {
        let name = String(line.dropFirst(3))
        inlinedFile = name == file ? nil : name
      } else if line.hasPrefix("cfn=") {
        callee = String(line.dropFirst(4))
      } else if line.hasPrefix("calls=") {
        afterCalls = true
      } else if line.hasPrefix("totals:") {
        total = UInt64(line.dropFirst(7).split(separator: " ").first ?? "")
      } else if line.hasPrefix("summary:") {
        summary = UInt64(line.dropFirst(8).split(separator: " ").first ?? "")
      }
    }
    guard let count = summary ?? total else { throw CallgrindError("callgrind dump has no totals") }
    self.total = count
    self.functions = functions
  }

  // "LINE COST" (or a compressed "+N COST"): the first event after the position.
  private static func cost(of line: Substring) -> UInt64? {
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 2 else { return nil }
    return UInt64(fields[1])
  }

  /// Just the total of a dump (``total``), read without building the
  /// per-function table: the header's `summary:` line, else `totals:`.
  public static func total(of text: Substring) throws(CallgrindError) -> UInt64 {
    var totals: UInt64?
    for line in text.split(separator: "\n") {
      if line.hasPrefix("summary:"), let value = UInt64(line.dropFirst(8).split(separator: " ").first ?? "") {
        return value
      }
      if line.hasPrefix("totals:") { totals = UInt64(line.dropFirst(7).split(separator: " ").first ?? "") }
    }
    guard let totals else { throw CallgrindError("callgrind dump has no totals") }
    return totals
  }
}

/// Something about running or reading callgrind that went wrong.
public struct CallgrindError: Error, CustomStringConvertible, Sendable {
  /// One line saying what.
  public var message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
