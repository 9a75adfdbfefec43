/// The todo app's scripted session: eight actions a user takes on a list of n
/// todos — check one, rename it, let its text field write the name back,
/// filter to the active ones, uncheck the hidden one (an undo), show all,
/// delete the todo and undo the deletion — in an order that leaves the list as
/// it found it, so every session renders the same. One action is one
/// operation: the session is `unrollFactor` (8) operations per iteration.
///
/// The screen is a `ForEach` of the shown todos (reading the filter, the
/// order, and each todo's `isDone` when the filter needs it) and one view per
/// shown todo (reading its title and `isDone`). After each action the screen
/// re-renders what fired, the list first; a row shown for the first time is
/// rendered once in that update (it is not also re-rendered if an observer of
/// its earlier view fired), and a row no longer shown is not rendered.
enum TodoSession {
  /// The session's actions, in order; `a` is the session's todo.
  enum Step: CaseIterable {
    /// Check todo `a` (shown: the filter shows all).
    case toggle
    /// Rename todo `a`.
    case rename
    /// Todo `a`'s text field writes back the name it holds.
    case writeBackTitle
    /// Show only the active todos: `a`, now done, is hidden.
    case showActive
    /// Uncheck `a` while it is hidden (an undo): it is shown again.
    case toggleHidden
    /// Show all todos.
    case showAll
    /// Delete todo `a` (a swipe).
    case delete
    /// Undo the deletion: a new todo `a`, as it started, at its position.
    case restore
  }

  /// The documented rules that decide which views an action re-renders.
  enum Rules: Sendable {
    /// Swift's Observation: each view observes the properties it read, of the
    /// objects it read them of; an assignment of an equal value notifies
    /// nobody (the macro's setter compares).
    case apple
    /// The core's `keypath`: a row view read its todo through `todos`, so any
    /// change through `todos` — a row's, even one writing back an equal name —
    /// re-renders the list and every shown row; the filter re-renders the
    /// list only.
    case value
    /// The core's `whole`: every view of the store, on every action that noted
    /// anything.
    case whole
    /// `keypath+identity`: a row's change reaches the views that read that
    /// row's field; a change of the order reaches the list; an equal write-back
    /// reaches no one.
    case identity
  }

  /// The steps in order, made once: a synthesized `allCases` builds a new array
  /// on every call, which would put an allocation per session in the timed loop.
  static let steps = Step.allCases

  /// The names the todos start with (short: stored inline, never allocated).
  static func titles(_ n: Int) -> [String] { (0..<n).map { "Todo \($0)" } }

  /// The name the session gives a todo.
  static let edited = "Edited"

  /// Renders (list and rows) the session's `step` causes on a list of `n`
  /// todos, all shown before the session, under `rules`.
  static func renders(of step: Step, _ rules: Rules, todos n: Int) -> Int {
    let everyone = n + 1  // the list and the n shown rows
    switch (step, rules) {
    // `a`'s view reads `isDone` and the title; the list, showing all, read only
    // the order.
    case (.toggle, .apple), (.toggle, .identity), (.rename, .apple), (.rename, .identity): return 1
    case (.toggle, _), (.rename, _): return everyone
    // Nothing changed: no one, unless `todos` is noted on the way (keypath,
    // and whole since something was noted).
    case (.writeBackTitle, .apple), (.writeBackTitle, .identity): return 0
    case (.writeBackTitle, _): return everyone
    // The filter: the list, which now hides `a`; whole also re-renders the
    // n - 1 rows still shown.
    case (.showActive, .whole): return n
    case (.showActive, _): return 1
    // The list read `a.isDone` to filter: it re-renders and shows `a` again,
    // a first render; keypath and whole also re-render the n - 1 shown rows.
    case (.toggleHidden, .apple), (.toggleHidden, .identity): return 2
    case (.toggleHidden, _): return n + 1
    case (.showAll, .whole): return everyone
    case (.showAll, _): return 1
    // The order changed: the list; `a`'s view is no longer shown, and
    // keypath and whole re-render the n - 1 rows still shown.
    case (.delete, .apple), (.delete, .identity): return 1
    case (.delete, _): return n
    // The list, and a first render of the new `a`; keypath and whole also
    // re-render the n - 1 other rows.
    case (.restore, .apple), (.restore, .identity): return 2
    case (.restore, _): return n + 1
    }
  }

  /// Renders per session: the sum over its steps.
  static func renders(_ rules: Rules, todos n: Int) -> Int {
    steps.reduce(0) { $0 + renders(of: $1, rules, todos: n) }
  }

  /// Renders per action: a session's, over its eight actions (exact: an
  /// eighth is a binary fraction).
  static func rendersPerAction(_ rules: Rules, todos n: Int) -> Double {
    Double(renders(rules, todos: n)) / Double(steps.count)
  }
}
