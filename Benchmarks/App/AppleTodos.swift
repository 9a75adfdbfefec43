import Observation

/// ``TodoState`` as Swift's Observation models it: an `@Observable` object.
@Observable
final class AppleTodo: @unchecked Sendable {
  let id: Int
  var title: String
  var isDone = false

  init(id: Int, title: String) {
    self.id = id
    self.title = title
  }
}

/// ``TodosState`` as an `@Observable` object: an array of todo objects and the
/// filter, with an index by id that observation ignores (what a row's action,
/// a deletion by id or an undo finds its todo with).
@Observable
final class AppleTodos: @unchecked Sendable {
  var todos: [AppleTodo]
  var filter = TodoFilter.all
  @ObservationIgnored var index: [Int: AppleTodo] = [:]

  init(titles: [String]) {
    todos = titles.indices.map { AppleTodo(id: $0, title: titles[$0]) }
    for todo in todos { index[todo.id] = todo }
  }

  func insert(_ todo: AppleTodo, at position: Int) {
    index[todo.id] = todo
    todos.insert(todo, at: position)
  }

  func delete(id: Int) {
    guard let todo = index.removeValue(forKey: id), let position = todos.firstIndex(where: { $0 === todo }) else {
      return
    }
    todos.remove(at: position)
  }
}
