import BenchmarkKit
import ObservationCore

extension App {
  /// One pass of the todo app's scripted session (``TodoSession``): eleven
  /// actions on n todos, each followed by the re-renders of what fired.
  ///
  /// Counted: renders per session, list and rows — apple and `+identity` 12;
  /// `keypath` 9n + 12 (every action through `todos` re-renders every shown
  /// row, an equal write-back included); `whole` 11n + 11 (every action that
  /// noted anything re-renders everything).
  static var todoSession: BenchmarkScenario {
    BenchmarkScenario(
      name: "todo-session",
      summary:
        "One pass of an 11-action todo-list session on n todos (check, rename, write-back, filter, undo, add, "
        + "delete, move) with the re-renders each fires; counted: renders (apple, +identity: 12; keypath: 9n + 12; "
        + "whole: 11n + 11)",
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
      run: { iterations in
        for a in cursor.cycle(iterations, through: n) {
          for step in TodoSession.Step.allCases {
            switch step {
            case .toggle, .toggleHidden: screen.send(.toggle, toTodo: a)
            case .rename, .writeBackTitle: screen.send(.setTitle(TodoSession.edited), toTodo: a)
            case .showActive: screen.send(.setFilter(.active))
            case .showAll: screen.send(.setFilter(.all))
            case .add: screen.send(.add(TodoState(id: n, title: TodoSession.edited)))
            case .delete: screen.send(.delete(n))
            case .restoreTitle: screen.send(.setTitle(titles[a]), toTodo: a)
            case .moveDown: screen.send(.move(TodoSession.first, to: 2))
            case .moveBack: screen.send(.move(TodoSession.second, to: 0))
            }
          }
        }
      },
      notifications: { screen.renders },
      expected: TodoSession.renders(todoRules(S.self), todos: n),
      tearDown: { screen.cancel() })
  }

  private static func todoSessionApple(todos n: Int) -> PreparedCase {
    let titles = TodoSession.titles(n)
    let screen = AppleTodoScreen(titles: titles)
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        for a in cursor.cycle(iterations, through: n) {
          for step in TodoSession.Step.allCases {
            switch step {
            case .toggle, .toggleHidden: screen.change { $0.index[a]!.isDone.toggle() }
            case .rename, .writeBackTitle: screen.change { $0.index[a]!.title = TodoSession.edited }
            case .showActive: screen.change { $0.filter = .active }
            case .showAll: screen.change { $0.filter = .all }
            case .add: screen.change { $0.add(AppleTodo(id: n, title: TodoSession.edited)) }
            case .delete: screen.change { $0.delete(id: n) }
            case .restoreTitle: screen.change { $0.index[a]!.title = titles[a] }
            case .moveDown: screen.change { $0.todos.move(fromOffsets: TodoSession.first, toOffset: 2) }
            case .moveBack: screen.change { $0.todos.move(fromOffsets: TodoSession.second, toOffset: 0) }
            }
          }
        }
      },
      notifications: { screen.renders },
      expectedNotificationsPerOperation: TodoSession.renders(.apple, todos: n))
  }

  private static func todoSessionPlain(todos n: Int) -> PreparedCase {
    let titles = TodoSession.titles(n)
    let screen = PlainTodoScreen(titles: titles)
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      for a in cursor.cycle(iterations, through: n) {
        for step in TodoSession.Step.allCases {
          switch step {
          case .toggle:
            screen.send(.todo(a, .toggle))
            screen.renderTodo(a)
          case .toggleHidden:
            screen.send(.todo(a, .toggle))
            screen.renderList()
          case .rename:
            screen.send(.todo(a, .setTitle(TodoSession.edited)))
            screen.renderTodo(a)
          case .writeBackTitle:
            screen.send(.todo(a, .setTitle(TodoSession.edited)))
          case .showActive:
            screen.send(.setFilter(.active))
            screen.renderList()
          case .showAll:
            screen.send(.setFilter(.all))
            screen.renderList()
          case .add:
            screen.send(.add(PlainTodo(id: n, title: TodoSession.edited)))
            screen.renderList()
          case .delete:
            screen.send(.delete(n))
            screen.renderList()
          case .restoreTitle:
            screen.send(.todo(a, .setTitle(titles[a])))
            screen.renderTodo(a)
          case .moveDown:
            screen.send(.move(TodoSession.first, to: 2))
            screen.renderList()
          case .moveBack:
            screen.send(.move(TodoSession.second, to: 0))
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
