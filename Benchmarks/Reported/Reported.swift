import BenchmarkKit

/// Workloads that users have publicly reported as slow, each written here from
/// the report's description (its summary names the report by identifier only).
///
/// Each runs on every store strategy (checking-depth: on each `+checked`
/// strategy beside its base), on `apple` written the way a skilled user of
/// `@Observable` writes it, and on `none` doing the same work unobserved.
/// Notifications are counted and checked: where a report is about work that
/// should not happen (a row re-rendered by an append, a re-render after a send
/// that changed nothing, an ancestor re-run by a leaf's change), the count is
/// that work, and each strategy's expected count follows from its documented
/// semantics.
enum Reported {
  /// The reported suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "reported",
      summary: "Workloads users have publicly reported as slow, each named by its public report",
      scenarios: [
        // Each side as it is written, with no like-for-like form yet: labelled.
        rowsScopedEveryRender.comparingIdiomaticForms(
          "a store scoped per row by id vs apple's row object", likeForLike: nil),
        appendRowRenders, sendChangesNothing, sendChangesNothingEnum, observeCascade,
        observeCascadeApart,
        checkingDepth, partialUpdate, createClear, replaceRows, appendRows, rowChurn,
        stalledReader.skippingInstructions(Contention.instructionsSkipReason)
          .comparingIdiomaticForms(ScenarioForm.persistentAgainstRearmed, likeForLike: nil),
      ],
      checks: [rowChurnKeepsNothing],
      // The first report's shape: a scrolled list re-rendering its rows' scopes.
      headline: "rows-scoped-every-render"
    )
  }

  /// Row counts of the list workloads, log-spaced.
  static let rowCounts = [10, 100, 1_000, 10_000]
  /// The row counts of a quick run.
  static let quickRowCounts = [10, 1_000]
}
