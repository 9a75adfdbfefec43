/// Something an app does that an architect recognises — one row of a list
/// changes, rows come and go, a leaf deep in nested state changes — mapped to
/// the scenarios that measure it.
///
/// A reader arrives with a pattern and a size, not with a scenario name: the
/// answers the reports lead with (``PatternAnswer``) are computed per pattern,
/// from its first scenario that the run measured (the one that carries the
/// answer: like for like where there is such a form), with the others given
/// beside it so that a pattern whose scenarios disagree shows it.
public struct AppPattern: Sendable, Hashable {
  /// A stable id, for anchors and tests: `one-row-changes`.
  public var id: String
  /// The pattern as a reader would say it: "One row of a list changes per action".
  public var title: String
  /// What the scenarios' size counts: "rows", "levels", "observers".
  public var unit: String
  /// The scenarios that measure it, `suite/scenario`, the one that answers first.
  public var scenarios: [String]

  /// Creates a pattern.
  public init(id: String, title: String, unit: String, scenarios: [String]) {
    self.id = id
    self.title = title
    self.unit = unit
    self.scenarios = scenarios
  }

  /// The size a reader is taken to ask about when they give none: a list of
  /// about a thousand rows, the size most screens show or keep.
  public static let defaultSize = 1_000

  /// The patterns the reports answer, in the order they print.
  ///
  /// Each lists its like-for-like scenario first where there is one (both sides
  /// re-arm one-shot scopes, so the ratio compares designs), then the idiomatic
  /// and application-level scenarios of the same pattern.
  public static let catalogue: [AppPattern] = [
    AppPattern(
      id: "one-row-changes", title: "One row of a list changes per action", unit: "rows",
      scenarios: [
        "collections/update-row-rearm", "collections/update-row", "reported/partial-update",
        "reported/rows-scoped-every-render",
      ]),
    AppPattern(
      id: "list-rerenders", title: "A list's body re-renders every row", unit: "rows",
      scenarios: ["reads/render-body", "mutations/render-mutate", "reported/append-row-renders"]),
    AppPattern(
      id: "rows-come-and-go", title: "Rows are added, removed or replaced", unit: "rows",
      scenarios: [
        "collections/insert-rearm", "collections/remove-rearm", "collections/replace-all-rearm",
        "collections/remove-where-rearm", "reported/append-rows", "reported/create-clear", "reported/replace-rows",
      ]),
    AppPattern(
      id: "rows-reorder", title: "Rows are sorted or moved", unit: "rows",
      scenarios: ["collections/sort-rearm", "collections/move-rearm", "collections/move-offsets-rearm"]),
    AppPattern(
      id: "deep-nesting", title: "A leaf deep in nested state changes", unit: "levels",
      scenarios: [
        "nesting/leaf-write-rearm", "nesting/leaf-write", "nesting/sibling-write", "reads/store-after-send",
      ]),
    AppPattern(
      id: "send-changes-nothing", title: "An action that changes nothing", unit: "rows",
      scenarios: ["reported/send-changes-nothing", "reported/send-changes-nothing-enum"]),
    AppPattern(
      id: "many-observers", title: "Many observers of one model", unit: "observers",
      scenarios: ["mutations/observed-rearm", "mutations/observed", "scopes/track-many-fire"]),
    AppPattern(
      id: "background-writers", title: "Writers on other threads", unit: "threads",
      scenarios: ["contention/store-rearm", "contention/store", "contention/object-rearm", "contention/object"]),
    AppPattern(
      id: "async-consumers", title: "Async code observes and writes", unit: "tasks",
      scenarios: ["mutations/observed-stream", "contention/actor-hop"]),
  ]
}
