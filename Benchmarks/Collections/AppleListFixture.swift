import Observation

/// An ``AppleList`` with every row observed on its own row object and one
/// observer of `rows`, all counted by one tally.
final class AppleListFixture {
  /// The list.
  let list: AppleList
  /// Counts every observer's calls.
  let tally = Tally()

  /// A list of rows `0..<rows`, each observed, and its structure observed.
  init(rows: Int) {
    list = AppleList(rows: (0..<rows).map { AppleRow(id: $0) })
    for id in 0..<rows { observeRow(id) }
    let tally = self.tally
    // Unowned: the observation lives in the list's registrar, never longer than
    // the list; a strong capture would make a cycle.
    AppleObservation.observe({ [unowned(unsafe) list] in _ = list.rows }, onChange: { tally.bump() })
  }

  /// Observes row `id` on its own object, as a row view does.
  func observeRow(_ id: Int) {
    let row = list.index[id]!
    let tally = self.tally
    AppleObservation.observe({ [unowned(unsafe) row] in _ = row.value }, onChange: { tally.bump() })
  }
}
