import ObservationCore

/// ``TodoState`` with no observation.
struct PlainTodo {
  let id: Int
  var title: String
  var isDone = false
}

/// ``TodosState`` with no observation: the order as ids, the todos by id.
struct PlainTodosState {
  var ids: [Int] = []
  var storage: [Int: PlainTodo] = [:]
  var filter = TodoFilter.all

  init(titles: [String]) {
    // Sized once, as a skilled user sizes a list of known length.
    ids.reserveCapacity(titles.count + 1)
    storage.reserveCapacity(titles.count + 1)
    for id in titles.indices {
      ids.append(id)
      storage[id] = PlainTodo(id: id, title: titles[id])
    }
  }
}

/// ``todosReducer(_:_:)`` on the plain state.
func plainTodosReducer(_ state: inout PlainTodosState, _ action: TodosAction<PlainTodo>) -> Effect<
  TodosAction<PlainTodo>
> {
  switch action {
  case .todo(let id, .toggle): state.storage[id]?.isDone.toggle()
  case .todo(let id, .setTitle(let title)): state.storage[id]?.title = title
  case .insert(let todo, let position):
    state.ids.insert(todo.id, at: position)
    state.storage[todo.id] = todo
  case .delete(let id):
    if let position = state.ids.firstIndex(of: id) {
      state.ids.remove(at: position)
      state.storage[id] = nil
    }
  case .setFilter(let filter): state.filter = filter
  }
  return .none
}
