import CoreModels
import ObservationCore

/// A child state with two observed fields.
struct ChildState<S: ObservationStrategy>: ObservableState, Equatable {
  let _$registrar = S.Registrar()
  var _count: Int = 0
  var _label: String = ""

  init(count: Int = 0) { _count = count }

  /// Replaces the state with a fresh one: a new identity.
  mutating func reset() { self = ChildState() }
}

/// The root state of the store tests: scalars, a nested child, an optional child,
/// an identified collection and an ignored field, each observed field declared
/// in one line (the StateAccessors plugin writes the accessors).
struct AppState<S: ObservationStrategy>: ObservableState {
  let _$registrar = S.Registrar()
  var _count: Int = 0
  var _name: String = ""
  var _child: ChildState<S> = ChildState<S>()
  var _presented: ChildState<S>? = nil
  var _rows: IdentifiedArray<RowState<S>> = IdentifiedArray<RowState<S>>()

  /// Ignored: written freely, never notifies.
  var note = ""

  init(rows: Int = 0, count: Int = 0) {
    _rows = IdentifiedArray((0..<rows).map { RowState(id: $0) })
    _count = count
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
