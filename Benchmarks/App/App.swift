import BenchmarkKit

/// App-level sessions: the mission's shapes — collection diffs, filters,
/// bindings, row creation — as an app composes them, scripted and measured as
/// whole sessions for every store strategy, apple (written as a skilled user of
/// `@Observable` writes the same app) and `none` (the same actions and the
/// renders they need, told by hand).
///
/// Each session counts its renders and checks them against the count each
/// side's documented rules give (``TodoSession/renders(of:_:todos:)``).
enum App {
  /// The app suite.
  static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "app",
      summary: "App-level sessions: a todo list with filter, edit, add, delete and move, scripted",
      scenarios: [todoSession],
      headline: "todo-session"
    )
  }

  /// Todo counts, log-spaced.
  static let todoCounts = [10, 100, 1_000]
  /// The todo counts of a quick run.
  static let quickTodoCounts = [10, 100]
}
