@testable import Benchmarks
import ObservationCore

/// A child state with two observed fields.
struct ChildState<S: ObservationStrategy>: ObservableState {
  typealias Strategy = S
  let _$registrar = S.Registrar()
  private var _count = 0
  private var _label = ""

  init(count: Int = 0) { _count = count }

  var count: Int {
    get { access(0); return _count }
    set {
      guard newValue != _count else { return }
      _count = newValue
      didSet(0)
    }
  }

  var label: String {
    get { access(1); return _label }
    set {
      guard newValue != _label else { return }
      _label = newValue
      didSet(1)
    }
  }

  /// Replaces the state with a fresh one: a new identity.
  mutating func reset() { self = ChildState() }
}

/// The root state of the store tests: scalars, a nested child, an optional child,
/// an identified collection and an ignored field.
struct AppState<S: ObservationStrategy>: ObservableState {
  typealias Strategy = S
  let _$registrar = S.Registrar()
  private var _count = 0
  private var _name = ""
  private var _child = ChildState<S>()
  private var _presented: ChildState<S>?
  private var _rows = IdentifiedArray<RowState<S>>()

  /// Ignored: written freely, never notifies.
  var note = ""

  init(rows: Int = 0, count: Int = 0) {
    _rows = IdentifiedArray((0..<rows).map { RowState(id: $0) })
    _count = count
  }

  var count: Int {
    get { access(0); return _count }
    set {
      guard newValue != _count else { return }
      _count = newValue
      didSet(0)
    }
  }

  var name: String {
    get { access(1); return _name }
    set {
      guard newValue != _name else { return }
      _name = newValue
      didSet(1)
    }
  }

  var child: ChildState<S> {
    get { access(2); return _child }
    _modify {
      let before = _child._$identity
      yield &_child
      didModify(2, from: before, to: _child._$identity)
    }
    set {
      didModify(2, from: _child._$identity, to: newValue._$identity)
      _child = newValue
    }
  }

  var presented: ChildState<S>? {
    get { access(3); return _presented }
    _modify {
      let before = _presented?._$identity
      yield &_presented
      didModify(3, from: before, to: _presented?._$identity)
    }
    set {
      didModify(3, from: _presented?._$identity, to: newValue?._$identity)
      _presented = newValue
    }
  }

  var rows: IdentifiedArray<RowState<S>> {
    get { access(4); return _rows }
    _modify {
      let before = _rows._$identity
      yield &_rows
      didModify(4, from: before, to: _rows._$identity)
    }
    set {
      didModify(4, from: _rows._$identity, to: newValue._$identity)
      _rows = newValue
    }
  }

  /// `rows` of the state at `state`, found in place
  /// (`Store.scope(row:of:locate:action:)`), recording the same read.
  static func rows(at state: UnsafePointer<AppState>) -> UnsafePointer<IdentifiedArray<RowState<S>>> {
    access(4, at: state)
    return withUnsafePointer(to: &UnsafeMutablePointer(mutating: state).pointee._rows) { $0 }
  }
}

enum ChildAction {
  case increment
}

enum AppAction<S: ObservationStrategy>: BindableAction {
  case increment
  case incrementTwice
  case incrementAndRename
  case setNote(String)
  case child(ChildAction)
  case replaceChild(Int)
  case present
  case dismiss
  case presented(ChildAction)
  case row(Int, RowAction)
  case insertRow(Int)
  case removeRow(Int)
  case moveRow(Int, to: Int)
  case replaceRow(Int)
  case replaceAllRows([Int])
  /// The rows reordered to these ids; an id with no row gets a row of value 100.
  case reorderRows([Int])
  /// `count` written back unchanged.
  case writeBackCount
  /// `child.count` written back unchanged, through `child`'s `_modify`.
  case writeBackChildCount
  /// The rows sorted by id, descending or not.
  case sortRows(descending: Bool)
  /// The rows of these ids removed with `removeAll(where:)`.
  case removeRows(Set<Int>)
  /// The rows at these positions moved to a position, as SwiftUI's `onMove`.
  case moveRows([Int], to: Int)
  case replaceRoot(count: Int)
  case resetChild
  case resetPresented
  case binding(BindingAction<AppState<S>>)
}

func appReducer<S: ObservationStrategy>(
  _ state: inout AppState<S>, _ action: AppAction<S>
) -> Effect<AppAction<S>> {
  switch action {
  case .increment:
    state.count += 1
  case .incrementTwice:
    state.count += 1
    return .send(.increment)
  case .incrementAndRename:
    return .merge([.send(.increment), .send(.binding(BindingAction(set: \.name, to: "merged")))])
  case .setNote(let note):
    state.note = note
  case .child(.increment):
    state.child.count += 1
  case .replaceChild(let count):
    state.child = ChildState(count: count)
  case .present:
    state.presented = ChildState()
  case .dismiss:
    state.presented = nil
  case .presented(.increment):
    state.presented?.count += 1
  case .row(let id, .increment):
    state.rows[id: id]?.value += 1
  case .insertRow(let id):
    state.rows.insert(RowState(id: id), at: 0)
  case .removeRow(let id):
    state.rows.remove(id: id)
  case .moveRow(let id, let index):
    state.rows.move(id: id, to: index)
  case .replaceRow(let id):
    state.rows[id: id] = RowState(id: id, value: 100)
  case .replaceAllRows(let ids):
    let current = state.rows
    state.rows.replaceAll(with: ids.map { current[id: $0] ?? RowState(id: $0) })
  case .reorderRows(let ids):
    state.rows.replaceAll(ids: ids) { RowState(id: $0, value: 100) }
  case .writeBackCount:
    state.count = state.count
  case .writeBackChildCount:
    state.child.count = state.child.count
  case .sortRows(let descending):
    state.rows.sort { descending ? $0.id > $1.id : $0.id < $1.id }
  case .removeRows(let ids):
    state.rows.removeAll { ids.contains($0.id) }
  case .moveRows(let offsets, let destination):
    state.rows.move(fromOffsets: offsets, toOffset: destination)
  case .replaceRoot(let count):
    state = AppState(count: count)
  case .resetChild:
    state.child.reset()
  case .resetPresented:
    state.presented?.reset()
  case .binding(let binding):
    binding.apply(to: &state)
  }
  return .none
}

extension ObservationStrategy {
  static func makeStore(rows: Int = 0) -> Store<AppState<Self>, AppAction<Self>> {
    Store(initialState: AppState(rows: rows), reducer: appReducer)
  }
}
