/// Calls into the Swift runtime's reference counting and object allocation
/// entry points, read from a callgrind dump's call counts (`calls=`), so that
/// every call is counted — inlined callers, calls from inside the runtime (a
/// release that deallocates and releases the object's fields), non-public
/// callers — where an interposer on the public symbols sees only some.
///
/// Counted by callee name, whoever called: retains are `swift_retain`,
/// `swift_retain_n` (one call, n increments), `swift_nonatomic_retain(_n)`,
/// `swift_unknownObjectRetain(_n)`, `swift_bridgeObjectRetain(_n)` and the
/// unowned and weak retains; releases likewise; object allocations
/// `swift_allocObject`; deallocations `swift_deallocObject` and
/// `swift_deallocUninitializedObject`. Not counted: retains the compiler
/// turned into plain increments (none on Linux), `malloc` and `free` outside
/// objects (the run's allocation counters count those).
public struct RuntimeCalls: Hashable, Sendable, Codable {
  /// Calls that add a strong, unowned or weak reference.
  public var retains: Double
  /// Calls that drop one.
  public var releases: Double
  /// Objects allocated (`swift_allocObject`).
  public var objectAllocations: Double
  /// Objects deallocated.
  public var objectDeallocations: Double

  /// Creates counts.
  public init(retains: Double = 0, releases: Double = 0, objectAllocations: Double = 0, objectDeallocations: Double = 0)
  {
    self.retains = retains
    self.releases = releases
    self.objectAllocations = objectAllocations
    self.objectDeallocations = objectDeallocations
  }

  /// What a call counts as.
  enum Kind: Sendable {
    case retain, release, allocation, deallocation
  }

  /// The runtime functions counted, by name, each with what it counts as.
  static let entryPoints: [String: Kind] = {
    var points = [String: Kind]()
    for stem in [
      "", "nonatomic_", "unknownObject", "nonatomic_unknownObject", "bridgeObject", "nonatomic_bridgeObject",
    ] {
      for suffix in ["", "_n"] {
        let retain = stem.isEmpty || stem.hasSuffix("_") ? "\(stem)retain" : "\(stem)Retain"
        let release = stem.isEmpty || stem.hasSuffix("_") ? "\(stem)release" : "\(stem)Release"
        points["swift_\(retain)\(suffix)"] = .retain
        points["swift_\(release)\(suffix)"] = .release
      }
    }
    for name in ["swift_unownedRetain", "swift_unownedRetain_n", "swift_unownedRetainStrong", "swift_weakRetain"] {
      points[name] = .retain
    }
    for name in ["swift_unownedRelease", "swift_unownedRelease_n", "swift_weakRelease"] { points[name] = .release }
    points["swift_allocObject"] = .allocation
    points["swift_deallocObject"] = .deallocation
    points["swift_deallocUninitializedObject"] = .deallocation
    return points
  }()

  /// The calls in the text of one dump: every `calls=` line whose `cfn=`
  /// names an entry point (a name callgrind marked as part of a cycle,
  /// `swift_release'2`, counts as its function).
  public init(dump text: Substring) {
    self.init()
    var callee: Kind?
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("cfn=") {
        var name = line.dropFirst(4)
        if let mark = name.firstIndex(of: "'") { name = name[..<mark] }
        callee = Self.entryPoints[String(name)]
      } else if line.hasPrefix("calls="), let kind = callee {
        let count = line.dropFirst(6).split(separator: " ").first.flatMap { Double($0) } ?? 0
        switch kind {
        case .retain: retains += count
        case .release: releases += count
        case .allocation: objectAllocations += count
        case .deallocation: objectDeallocations += count
        }
      } else if line.hasPrefix("fn=") {
        // A new caller: its calls name their callee anew.
        callee = nil
      }
    }
  }

  /// Per operation, from the dumps at `step`, `2 × step` and `3 × step`
  /// iterations: the calls of the last over the first, over the operations
  /// between them (what the region's fixed part calls cancels out).
  public init(perOperation dumps: [RuntimeCalls], step: Int, operationsPerIteration: Int) {
    precondition(dumps.count == 3 && step > 0 && operationsPerIteration > 0)
    let operations = Double(2 * step * operationsPerIteration)
    self.init(
      retains: (dumps[2].retains - dumps[0].retains) / operations,
      releases: (dumps[2].releases - dumps[0].releases) / operations,
      objectAllocations: (dumps[2].objectAllocations - dumps[0].objectAllocations) / operations,
      objectDeallocations: (dumps[2].objectDeallocations - dumps[0].objectDeallocations) / operations)
  }
}
