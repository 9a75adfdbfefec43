/// A render as a UI framework runs one, reduced to what decides whether a read is
/// tracked: the body runs in a tracking scope and defers closures (the rows of a
/// lazy list, a sheet's content) that run after that scope closed but still in the
/// render; action closures (a button's handler) run later, on an event.
///
/// The render model of the untracked-access tests. Not thread-safe:
/// one pass is rendered by one thread at a time.
public final class RenderPass<Strategy: ObservationStrategy> {
  private var deferred: [(scoped: Bool, body: () -> Void)] = []
  private var actions: [() -> Void] = []
  private var tokens: [ObservationToken] = []
  private let onChange: @Sendable () -> Void

  /// A pass whose scopes call `onChange` on the first change of what they read.
  public init(onChange: @escaping @Sendable () -> Void = {}) {
    self.onChange = onChange
  }

  /// Renders: `body` in a tracking scope, then every closure it deferred, in the
  /// order deferred, each in a scope of its own if it asked for one. All of it
  /// inside `RenderContext.render`.
  public func render(_ body: (RenderPass) -> Void) {
    RenderContext.render {
      tokens.append(Strategy.withTracking({ body(self) }, onChange: onChange).token)
      let rows = deferred
      deferred.removeAll(keepingCapacity: true)
      for row in rows {
        if row.scoped {
          tokens.append(Strategy.withTracking(row.body, onChange: onChange).token)
        } else {
          row.body()
        }
      }
    }
  }

  /// Defers a row body to after the parent's scope closed; `scoped` gives it its
  /// own scope (Perception's `WithPerceptionTracking`).
  public func row(scoped: Bool = false, _ body: @escaping () -> Void) {
    deferred.append((scoped, body))
  }

  /// Defers a sheet's content, as a row.
  public func sheet(scoped: Bool = false, _ content: @escaping () -> Void) {
    deferred.append((scoped, content))
  }

  /// Keeps a button's action, run by `tap`, never during the render.
  public func button(_ action: @escaping () -> Void) {
    actions.append(action)
  }

  /// Runs every kept action as an event would: outside any scope, in a skip
  /// region (an action reading state is not a render, even if an event handler
  /// runs it while some render is on the stack).
  public func tap() {
    for action in actions { RenderContext.skipChecking(action) }
  }

  /// Cancels every observation the renders installed.
  public func cancel() {
    for token in tokens { token.cancel() }
    tokens.removeAll()
  }
}
