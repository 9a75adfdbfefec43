import ObservationCore

/// One todo of the app suite's list: a title and whether it is done.
struct TodoState<S: ObservationStrategy>: ObservableState, Identifiable {
  let _$registrar = S.Registrar()
  let id: Int
  var _title: String = ""
  var _isDone: Bool = false

  init(id: Int, title: String) {
    self.id = id
    _title = title
  }
}

/// The todo list's state: the todos and which of them are shown.
struct TodosState<S: ObservationStrategy>: ObservableState {
  let _$registrar = S.Registrar()
  var _todos: IdentifiedArray<TodoState<S>> = []
  var _filter: TodoFilter = .all

  init(titles: [String]) {
    _todos = IdentifiedArray(titles.indices.map { TodoState(id: $0, title: titles[$0]) })
  }
}

/// Which todos the list shows.
enum TodoFilter: Equatable, Sendable {
  case all
  case active
  case completed

  /// Whether a todo is shown; `isDone` is read only when the filter needs it,
  /// as a list filtering by a computed predicate reads it.
  @inline(__always)
  func shows(_ isDone: () -> Bool) -> Bool {
    switch self {
    case .all: true
    case .active: !isDone()
    case .completed: isDone()
    }
  }
}

/// What a todo's row does: its checkbox and its text field's binding.
enum TodoAction: Sendable {
  case toggle
  case setTitle(String)
}

/// What the todo list does; `Todo` is the todo state (observed or plain).
enum TodosAction<Todo> {
  /// A row's own action, from its row store.
  case todo(Int, TodoAction)
  /// Inserts a todo at a position (an undone deletion).
  case insert(Todo, at: Int)
  /// Deletes the todo with this id (a swipe).
  case delete(Int)
  /// Changes which todos are shown.
  case setFilter(TodoFilter)
}

/// The todo list's reducer.
func todosReducer<S: ObservationStrategy>(
  _ state: inout TodosState<S>, _ action: TodosAction<TodoState<S>>
) -> Effect<TodosAction<TodoState<S>>> {
  switch action {
  case .todo(let id, .toggle): state.todos[id: id]?.isDone.toggle()
  case .todo(let id, .setTitle(let title)): state.todos[id: id]?.title = title
  case .insert(let todo, let position): state.todos.insert(todo, at: position)
  case .delete(let id): _ = state.todos.remove(id: id)
  case .setFilter(let filter): state.filter = filter
  }
  return .none
}
