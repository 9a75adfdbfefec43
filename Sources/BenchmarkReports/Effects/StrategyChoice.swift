/// One design decision whose cost the effects measure: an axis of the strategy
/// matrix, or a refinement on top of it.
///
/// The eight core strategies are a full 2×2×2 factorial design, with ids
/// `<registrar>-<scope>-<invalidation>`; two strategies that differ in one axis
/// only are a matched pair for that axis, so each axis has up to four pairs in a
/// case (one per combination of the other two axes). A refinement (`+identity`,
/// `+checked`) is matched against the strategy it refines, one pair per base that
/// has it. The ids are the stable keys of every output (DESIGN.md), which is why
/// the levels are spelled here and not read from elsewhere.
public enum StrategyChoice: String, CaseIterable, Sendable {
  /// `lock` → `actor`: observer tables behind a mutex, or isolated to an actor.
  case registrar
  /// `thread` → `task`: reads collected thread-locally, or through a task-local.
  case scope
  /// `keypath` → `whole`: a write notifies that field's observers, or all of them.
  case invalidation
  /// A store strategy → its `+identity` refinement.
  case identity
  /// A key-path strategy → its `+checked` refinement.
  case checked

  /// One matched pair: the strategy without the choice (A) and with it (B).
  public struct Pair: Hashable, Sendable {
    /// A.
    public var baseline: String
    /// B.
    public var alternative: String
  }

  /// The levels of each axis, in id order: registrar, scope, invalidation.
  static let axes: [[String]] = [["lock", "actor"], ["thread", "task"], ["keypath", "whole"]]

  /// The eight core strategy ids, registrar varying slowest.
  public static let matrix: [String] = axes[0].flatMap { registrar in
    axes[1].flatMap { scope in axes[2].map { "\(registrar)-\(scope)-\($0)" } }
  }

  /// What the effect goes from and to, e.g. `lock` and `actor`, `base` and `+identity`.
  public var levels: (baseline: String, alternative: String) {
    switch self {
    case .registrar, .scope, .invalidation:
      let levels = Self.axes[axisIndex!]
      return (levels[0], levels[1])
    case .identity, .checked: return ("base", "+\(rawValue)")
    }
  }

  /// `registrar lock → actor`, `identity base → +identity`.
  public var title: String {
    "\(rawValue) \(levels.baseline) → \(levels.alternative)"
  }

  /// The position of this axis in a core id; `nil` for a refinement.
  var axisIndex: Int? {
    switch self {
    case .registrar: 0
    case .scope: 1
    case .invalidation: 2
    case .identity, .checked: nil
    }
  }

  /// Every matched pair this choice can have, in the order of ``matrix``: four for
  /// an axis, one per core strategy for a refinement (only some exist).
  public var candidatePairs: [Pair] {
    guard let axis = axisIndex else {
      return Self.matrix.map { Pair(baseline: $0, alternative: "\($0)+\(rawValue)") }
    }
    let (from, to) = levels
    return Self.matrix.compactMap { id in
      var parts = id.split(separator: "-").map(String.init)
      guard parts[axis] == from else { return nil }
      parts[axis] = to
      return Pair(baseline: id, alternative: parts.joined(separator: "-"))
    }
  }

  /// The matched pairs of which both strategies are among `strategies`.
  public func pairs(among strategies: Set<String>) -> [Pair] {
    candidatePairs.filter { strategies.contains($0.baseline) && strategies.contains($0.alternative) }
  }

  /// What a pair holds fixed, to name it in a sentence: the baseline's id with
  /// this axis as `*` (`*-thread-keypath` is `lock-thread-keypath` against
  /// `actor-thread-keypath`), or the base a refinement refines.
  public func context(ofBaseline baseline: String) -> String {
    guard let axis = axisIndex else { return baseline }
    var parts = baseline.split(separator: "-").map(String.init)
    guard parts.indices.contains(axis) else { return baseline }
    parts[axis] = "*"
    return parts.joined(separator: "-")
  }
}
