import BenchmarkKit
import ObservationCore

extension App {
  /// The todo app's scripted session (``TodoSession``) on n todos: one
  /// operation is one action, followed by the re-renders of what fired; an
  /// iteration is the session's eight actions.
  ///
  /// Counted: renders per action, list and rows — apple and `+identity` 9/8;
  /// `keypath` (6n + 7)/8 (every action through `todos` re-renders every shown
  /// row, an equal write-back included); `whole` (8n + 6)/8 (every action that
  /// noted anything re-renders everything).
  static var todoSession: BenchmarkScenario {
    BenchmarkScenario(
      name: "todo-session",
      summary:
        "One action of an 8-action todo-list session on n todos (check, rename, write-back, filter, undo hidden, "
        + "show all, delete, undo delete) with the re-renders it fires; counted: renders per action (apple, "
        + "+identity: 9/8; keypath: (6n + 7)/8; whole: (8n + 6)/8)",
      sizes: todoCounts,
      quickSizes: quickTodoCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try TodoSessionWorkload(todos: size).prepare(id: id)
      case .apple: return todoSessionApple(todos: size)
      case .none: return todoSessionPlain(todos: size)
      }
    }
  }

  /// The rules `S` documents.
  static func todoRules<S: ObservationStrategy>(_: S.Type) -> TodoSession.Rules {
    S.isIdentity ? .identity : S.isWhole ? .whole : .value
  }

  private static func todoSession<S: ObservationStrategy>(_: S.Type, todos n: Int) -> PreparedCase {
    let titles = TodoSession.titles(n)
    let screen = S.inIsolation { CoreTodoScreen<S>(titles: titles) }
    let cursor = Cursor()
    return .core(
      S.self,
      operationsPerIteration: unrollFactor,
      run: { iterations in
        for a in cursor.cycle(iterations, through: n) {
          for step in TodoSession.steps {
            switch step {
            case .toggle, .toggleHidden: screen.send(.toggle, toTodo: a)
            case .rename, .writeBackTitle: screen.send(.setTitle(TodoSession.edited), toTodo: a)
            case .showActive: screen.send(.setFilter(.active))
            case .showAll: screen.send(.setFilter(.all))
            case .delete: screen.send(.delete(a))
            case .restore: screen.send(.insert(TodoState(id: a, title: titles[a]), at: a))
            }
          }
        }
      },
      notifications: { screen.renders },
      expected: TodoSession.rendersPerAction(todoRules(S.self), todos: n),
      tearDown: { screen.cancel() })
  }

  private static func todoSessionApple(todos n: Int) -> PreparedCase {
    let titles = TodoSession.titles(n)
    let screen = AppleTodoScreen(titles: titles)
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        for a in cursor.cycle(iterations, through: n) {
          for step in TodoSession.steps {
            switch step {
            case .toggle, .toggleHidden: screen.change { $0.index[a]!.isDone.toggle() }
            case .rename, .writeBackTitle: screen.change { $0.index[a]!.title = TodoSession.edited }
            case .showActive: screen.change { $0.filter = .active }
            case .showAll: screen.change { $0.filter = .all }
            case .delete: screen.change { $0.delete(id: a) }
            case .restore: screen.change { $0.insert(AppleTodo(id: a, title: titles[a]), at: a) }
            }
          }
        }
      },
      notifications: { screen.renders },
      expectedNotificationsPerOperation: TodoSession.rendersPerAction(.apple, todos: n))
  }

  private static func todoSessionPlain(todos n: Int) -> PreparedCase {
    let titles = TodoSession.titles(n)
    let screen = PlainTodoScreen(titles: titles)
    let cursor = Cursor()
    return PreparedCase(
      operationsPerIteration: unrollFactor,
      run: { iterations in
        for a in cursor.cycle(iterations, through: n) {
          for step in TodoSession.steps {
            switch step {
            case .toggle, .rename:
              screen.send(step == .toggle ? .todo(a, .toggle) : .todo(a, .setTitle(TodoSession.edited)))
              screen.renderTodo(a)
            case .writeBackTitle:
              screen.send(.todo(a, .setTitle(TodoSession.edited)))
            case .toggleHidden:
              screen.send(.todo(a, .toggle))
              screen.renderList()
            case .showActive:
              screen.send(.setFilter(.active))
              screen.renderList()
            case .showAll:
              screen.send(.setFilter(.all))
              screen.renderList()
            case .delete:
              screen.send(.delete(a))
              screen.renderList()
            case .restore:
              screen.send(.insert(PlainTodo(id: a, title: titles[a]), at: a))
              screen.renderList()
            }
          }
        }
      })
  }

  /// ``todoSession`` as a ``CoreWorkload``, specialised per strategy.
  private struct TodoSessionWorkload: CoreWorkload {
    let todos: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      App.todoSession(S.self, todos: todos)
    }
  }
}
