import BenchmarkKit
import Observation
import ObservationCore

extension Reported {
  /// swift-navigation issue 286: a leaf change re-ran every ancestor's
  /// `observe`.
  ///
  /// D levels of nested state, each observed by its own level's observer. The
  /// core nests them as the report does: each level's persistent `observe` is
  /// set up inside its parent's closure. A nested `observe` keeps its reads to
  /// itself (an outer scope records only a one-shot `withTracking`'s), so the
  /// levels run as if set up apart: per the invalidation, as
  /// ``apartRuns(_:depth:)`` counts (`+identity` the leaf's alone). Apple is
  /// written as its skilled users write it (and as the report's proposed fix
  /// separates tracking from applying): each level tracked on its own, set up
  /// outside any other's tracking, so only the leaf's observer runs (1); its
  /// tracking nested would add every inner read to the outer scope.
  /// `none` writes the leaf and applies it. One operation: one leaf change and
  /// the runs it causes.
  static var observeCascade: BenchmarkScenario {
    BenchmarkScenario(
      name: "observe-cascade",
      summary:
        "swift-navigation issue 286: one leaf change under D levels each observed, the core's observers nested; "
          + "counted: observer runs (apple, +identity 1; keypath D - 1; whole D: a nested observe keeps its reads)",
      sizes: depths,
      quickSizes: [1, 32],
      strategies: StrategyIDs.stores,
      allowedSizes: 1...256
    ) { id, size in
      try cascade(id, depth: size, nested: true)
    }.comparingIdiomaticForms(cascadeForms, likeForLike: "observe-cascade-apart")
  }

  /// What observe-cascade compares: the core's levels observed nested, as the
  /// report does, against apple's tracked apart.
  static let cascadeForms = "the core's observers nested as reported against apple's levels tracked apart"

  /// ``observeCascade`` like for like: the core's levels observed apart too,
  /// each `observe` set up on its own as apple's are (the report's proposed
  /// fix). Apple runs the leaf's observer alone; the core's runs follow its
  /// invalidation (``apartRuns(_:depth:)``): `+identity` runs the leaf's alone.
  static var observeCascadeApart: BenchmarkScenario {
    BenchmarkScenario(
      name: "observe-cascade-apart",
      summary:
        "swift-navigation issue 286, its fix: one leaf change under D levels each observed on its own on every side; "
          + "counted: observer runs (apple, +identity 1; keypath D - 1; whole D)",
      sizes: depths,
      quickSizes: [1, 32],
      strategies: StrategyIDs.stores,
      allowedSizes: 1...256
    ) { id, size in
      try cascade(id, depth: size, nested: false)
    }.likeForLike(of: "observe-cascade", cascadeForms)
  }

  /// The case of `id` at `depth`: the core's observers nested or apart, apple's
  /// and none's the same in both scenarios.
  private static func cascade(_ id: String, depth: Int, nested: Bool) throws -> PreparedCase {
    switch try Subject(id) {
    case .core: return try ObserveCascade(depth: depth, nested: nested).prepare(id: id)
    case .apple: return observeCascadeApple(depth: depth)
    case .none: return observeCascadePlain(depth: depth)
    }
  }

  /// Nesting depths of observe-cascade.
  static let depths = [1, 2, 8, 32]

  /// Observer runs of a leaf change with the levels observed apart. Each
  /// level's store reads its state through its parent's `child`, and the
  /// leaf's change is a new value of every ancestor's `child`: per field
  /// (`keypath`) every level but the root, which reads only its own `value`,
  /// re-runs (D - 1, 1 at D = 1); `whole` all D; `+identity` only the leaf,
  /// whose state alone changed identity.
  static func apartRuns<S: ObservationStrategy>(_: S.Type, depth: Int) -> Double {
    if S.isIdentity { return 1 }
    if S.isWhole { return Double(depth) }
    return Double(max(1, depth - 1))
  }

  private static func observeCascade<S: ObservationStrategy>(_: S.Type, depth: Int, nested: Bool) -> PreparedCase {
    let chain = S.inIsolation { CoreNestedObservers<S>(depth: depth, nested: nested) }
    let cursor = Cursor()
    return .core(
      S.self,
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          value &+= 1
          chain.changeLeaf(value)
        }
        cursor.value = value
      },
      notifications: { chain.runs.count },
      // Nested or apart, each level's observer holds its own reads.
      expected: apartRuns(S.self, depth: depth),
      tearDown: { chain.cancel() })
  }

  private static func observeCascadeApple(depth: Int) -> PreparedCase {
    let root = AppleNode(depth: depth)
    let levels = (0..<depth).map { root.descendant($0) }
    let runs = Tally()
    for level in levels {
      // Unowned: the observation lives in the level's registrar, never longer
      // than the level.
      AppleObservation.observe(
        { [unowned(unsafe) level] in blackHole(level.value) },
        onChange: { [unowned(unsafe) level] in
          runs.bump()
          blackHole(level.value)
        })
    }
    let leaf = levels[depth - 1]
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        var value = cursor.value
        for _ in 0..<iterations {
          value &+= 1
          leaf.value = value
        }
        cursor.value = value
      },
      notifications: { runs.count },
      expectedNotificationsPerOperation: 1,
      // The chain lives as long as the case: the leaf alone would outlive its
      // ancestors and their observations.
      tearDown: { withExtendedLifetime(root) {} })
  }

  private static func observeCascadePlain(depth: Int) -> PreparedCase {
    let leaf = PlainNodeObject(depth: depth).descendant(depth - 1)
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      var value = cursor.value
      for _ in 0..<iterations {
        value &+= 1
        leaf.value = value
        blackHole(leaf.value)
      }
      cursor.value = value
    })
  }

  /// ``observeCascade`` as a ``CoreWorkload``, specialised per strategy.
  private struct ObserveCascade: CoreWorkload {
    let depth: Int
    var nested = true
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.observeCascade(S.self, depth: depth, nested: nested)
    }
  }
}
