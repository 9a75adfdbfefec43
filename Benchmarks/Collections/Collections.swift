import BenchmarkKit

/// An identified collection of n rows, each observed by its own scope through
/// its row store (the `ForEach` pattern; apple: its own `@Observable` row
/// object), plus one observer of the collection's structure.
///
/// Observers are persistent (`observe`; apple re-arms in `onChange`), so every
/// operation meets the same armed set and nothing is re-armed outside the
/// measured region; each scenario's `-rearm` form has the core re-arm one-shot
/// scopes as apple does. Structural operations alternate with their inverse (insert /
/// remove, move there / back), so n stays put; an operation is always one send
/// with one structural change.
enum Collections {
  /// The collections suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "collections",
      summary:
        "Changing an observed identified collection of n rows, one observer per row plus one of the structure, "
        + "and filtering it",
      scenarios: [
        updateRow.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "update-row-rearm"),
        insert.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "insert-rearm"),
        remove.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "remove-rearm"),
        move.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "move-rearm"),
        replaceAll.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "replace-all-rearm"),
        sort.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "sort-rearm"),
        removeWhere.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "remove-where-rearm"),
        moveOffsets.comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: "move-offsets-rearm"),
        filter,
        updateRowRearm.likeForLike(of: "update-row", ScenarioForm.bothRearm),
        insertRearm.likeForLike(of: "insert", ScenarioForm.bothRearm),
        removeRearm.likeForLike(of: "remove", ScenarioForm.bothRearm),
        moveRearm.likeForLike(of: "move", ScenarioForm.bothRearm),
        replaceAllRearm.likeForLike(of: "replace-all", ScenarioForm.bothRearm),
        sortRearm.likeForLike(of: "sort", ScenarioForm.bothRearm),
        removeWhereRearm.likeForLike(of: "remove-where", ScenarioForm.bothRearm),
        moveOffsetsRearm.likeForLike(of: "move-offsets", ScenarioForm.bothRearm),
      ],
      // The edit a list screen makes most: one row's own change, every row observed.
      headline: "update-row"
    )
  }

  /// Row counts, log-spaced. 100 000 rows (`--sizes 100000`) is not among the
  /// defaults: preparing a list of them on fresh fixtures in every pass costs
  /// about 2 s per strategy, more than the rest of the suite's set-up together.
  static let rowCounts = [10, 100, 1_000, 10_000]
  /// The row counts of a quick run.
  static let quickRowCounts = [10, 1_000]

  /// Runs `iterations` operations that alternate between `even` and `odd`,
  /// carrying the phase from one run to the next.
  @inline(__always)
  static func alternate(_ iterations: Int, _ phase: Cursor, even: () -> Void, odd: () -> Void) {
    var current = phase.value
    for _ in 0..<iterations {
      if current & 1 == 0 { even() } else { odd() }
      current &+= 1
    }
    phase.value = current
  }
}
