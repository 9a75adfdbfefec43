import BenchmarkKit
import Observation
import ObservationCore

/// The todo app's screen on the core (see ``TodoSession``): a list view
/// reading the filter and the shown todos' ids (all of them through
/// `scope(rows:)`, or the filter's through `todos`), one view per shown todo
/// reading its row store, and after each action the re-renders of what fired.
/// ``renders`` counts list and row renders after set-up. Create, use and
/// cancel it in the strategy's isolation.
final class CoreTodoScreen<S: ObservationStrategy> {
  typealias RowStore = Store<TodoState<S>, TodoAction>

  /// A todo the list shows: its store, its armed view, the list render that
  /// last found it shown and the update that last rendered it.
  private struct Shown {
    let store: RowStore
    var token: ObservationToken?
    var seen: Int
    var rendered: Int
  }

  /// The root store.
  let store: Store<TodosState<S>, TodosAction<TodoState<S>>>
  /// List and row renders since set-up.
  private(set) var renders = 0
  private let rowQueue: RenderQueue
  private let listQueue = RenderQueue(rows: 1)
  private var shown: [Int: Shown] = [:]
  private var gone: [Int] = []
  private var listToken: ObservationToken?
  private var generation = 0
  private var update = 0
  /// The key path, instantiated once (a literal in generic code is
  /// instantiated at run time on every evaluation).
  private let todosPath = \TodosState<S>.todos

  /// A screen of todos named `titles`, rendered once.
  init(titles: [String]) {
    store = Store(initialState: TodosState(titles: titles), reducer: todosReducer)
    rowQueue = RenderQueue(rows: 2 * (titles.count + 1) + 1)
    shown.reserveCapacity(titles.count + 1)
    gone.reserveCapacity(titles.count + 1)
    renderList()
    renders = 0
  }

  /// The store of todo `id`: found in the parent's cache after its first scope.
  @inline(__always)
  func todo(_ id: Int) -> RowStore {
    store.scope(row: id, of: .locate(todosPath, TodosState<S>.todos(at:)), action: TodosAction.todo)!
  }

  /// Sends `action` to the list, then re-renders what fired.
  @inline(__always)
  func send(_ action: TodosAction<TodoState<S>>) {
    store.send(action)
    refresh()
  }

  /// Sends `action` to todo `id`'s store, then re-renders what fired.
  @inline(__always)
  func send(_ action: TodoAction, toTodo id: Int) {
    todo(id).send(action)
    refresh()
  }

  private func refresh() {
    update &+= 1
    listQueue.drain { _ in renderList() }
    rowQueue.drain { id in
      if let row = shown[id], row.rendered != update { renderRow(id) }
    }
  }

  private func renderList() {
    let store = self.store
    let listQueue = self.listQueue
    let path = todosPath
    let tracking = S.withTracking(
      { () -> [Int] in
        let filter = store.read { $0.filter }
        if filter == .all {
          return store.scope(rows: .locate(path, TodosState<S>.todos(at:)), action: TodosAction.todo).ids
        }
        return store.read { state in
          var ids: [Int] = []
          for todo in state.todos where filter.shows({ todo.isDone }) { ids.append(todo.id) }
          return ids
        }
      }, onChange: { listQueue.push(0) })
    listToken = tracking.token
    renders &+= 1
    generation &+= 1
    for id in tracking.value {
      if shown[id] != nil {
        shown[id]!.seen = generation
      } else {
        shown[id] = Shown(store: todo(id), token: nil, seen: generation, rendered: update)
        renderRow(id)
      }
    }
    for (id, row) in shown where row.seen != generation { gone.append(id) }
    for id in gone { shown.removeValue(forKey: id)?.token?.cancel() }
    gone.removeAll(keepingCapacity: true)
  }

  private func renderRow(_ id: Int) {
    let rowQueue = self.rowQueue
    let row = shown[id]!.store
    shown[id]!.token =
      S.withTracking(
        {
          blackHole(row.read { $0.title })
          blackHole(row.read { $0.isDone })
        }, onChange: { rowQueue.push(id) }
      ).token
    shown[id]!.rendered = update
    renders &+= 1
  }

  /// Cancels every view still armed.
  func cancel() {
    listToken?.cancel()
    for row in shown.values { row.token?.cancel() }
  }
}

/// ``CoreTodoScreen`` on Swift's `Observation` module: the list view and the
/// row views are `withObservationTracking` scopes re-armed after they fire, a
/// row view reading its own todo object.
///
/// Apple has no cancel: a hidden todo's view stays armed until its todo
/// changes, and that firing renders nothing once the list has shown the todo
/// again in the same update.
final class AppleTodoScreen {
  /// A todo the list shows, the list render that last found it shown and the
  /// update that last rendered it.
  private struct Shown {
    let todo: AppleTodo
    var seen: Int
    var rendered: Int
  }

  /// The model.
  let model: AppleTodos
  /// List and row renders since set-up.
  private(set) var renders = 0
  private let rowQueue: RenderQueue
  private let listQueue = RenderQueue(rows: 1)
  private var shown: [Int: Shown] = [:]
  private var gone: [Int] = []
  private var generation = 0
  private var update = 0

  /// A screen of todos named `titles`, rendered once.
  init(titles: [String]) {
    model = AppleTodos(titles: titles)
    rowQueue = RenderQueue(rows: 2 * (titles.count + 1) + 1)
    shown.reserveCapacity(titles.count + 1)
    gone.reserveCapacity(titles.count + 1)
    renderList()
    renders = 0
  }

  /// Changes the model with `change`, then re-renders what fired.
  @inline(__always)
  func change(_ change: (AppleTodos) -> Void) {
    change(model)
    update &+= 1
    listQueue.drain { _ in renderList() }
    rowQueue.drain { id in
      if let row = shown[id], row.rendered != update { renderRow(id) }
    }
  }

  private func renderList() {
    let model = self.model
    let listQueue = self.listQueue
    let todos = withObservationTracking(
      { () -> [AppleTodo] in
        let filter = model.filter
        if filter == .all { return model.todos }
        return model.todos.filter { todo in filter.shows({ todo.isDone }) }
      }, onChange: { listQueue.push(0) })
    renders &+= 1
    generation &+= 1
    for todo in todos {
      if shown[todo.id] != nil {
        shown[todo.id]!.seen = generation
      } else {
        shown[todo.id] = Shown(todo: todo, seen: generation, rendered: update)
        renderRow(todo.id)
      }
    }
    for (id, row) in shown where row.seen != generation { gone.append(id) }
    for id in gone { shown.removeValue(forKey: id) }
    gone.removeAll(keepingCapacity: true)
  }

  private func renderRow(_ id: Int) {
    let rowQueue = self.rowQueue
    let todo = shown[id]!.todo
    withObservationTracking(
      {
        blackHole(todo.title)
        blackHole(todo.isDone)
      }, onChange: { rowQueue.push(id) })
    shown[id]!.rendered = update
    renders &+= 1
  }
}

/// ``CoreTodoScreen`` with no observation: the floor. Nothing tells it what
/// changed, so it is told: the session renders exactly the views each action
/// changed (``TodoSession/renders(of:_:todos:)`` under apple's rules), the list
/// by the same diff by id, and nothing else.
final class PlainTodoScreen {
  /// The store.
  let store: PlainStore<PlainTodosState, TodosAction<PlainTodo>>
  private var shown: [Int: Int] = [:]
  private var gone: [Int] = []
  private var generation = 0

  /// A screen of todos named `titles`, rendered once.
  init(titles: [String]) {
    store = PlainStore(initialState: PlainTodosState(titles: titles), reducer: plainTodosReducer)
    shown.reserveCapacity(titles.count + 1)
    gone.reserveCapacity(titles.count + 1)
    renderList()
  }

  /// Sends `action`, rendering nothing.
  @inline(__always)
  func send(_ action: TodosAction<PlainTodo>) {
    store.send(action)
  }

  /// Renders the list: the shown ids, diffed, and the todos it did not show.
  func renderList() {
    generation &+= 1
    store.withState { state in
      let filter = state.pointee.filter
      for id in state.pointee.ids {
        // Looked up only to filter, as the observed lists read `isDone` only then.
        guard filter == .all || filter.shows({ state.pointee.storage[id]!.isDone }) else { continue }
        if shown[id] != nil {
          shown[id] = generation
        } else {
          shown[id] = generation
          let todo = state.pointee.storage[id]!
          blackHole(todo.title)
          blackHole(todo.isDone)
        }
      }
    }
    for (id, seen) in shown where seen != generation { gone.append(id) }
    for id in gone { shown.removeValue(forKey: id) }
    gone.removeAll(keepingCapacity: true)
  }

  /// Renders todo `id`'s view.
  @inline(__always)
  func renderTodo(_ id: Int) {
    store.withState { state in
      let todo = state.pointee.storage[id]!
      blackHole(todo.title)
      blackHole(todo.isDone)
    }
  }
}
