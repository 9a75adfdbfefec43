import ObservationCore

/// An object with two observed integers, the model of the object workloads.
///
/// Written as `ObservableModel` documents, so every read records its field and
/// every write goes through `willSet`/`didSet` — gated on equality, as the
/// `@Observable` macro gates Equatable properties: writing the value already
/// there neither notifies nor stores.
final class Counter<S: ObservationStrategy>: ObservableModel {
  typealias Strategy = S
  let registrar = S.Registrar()

  private var _count = 0
  private var _other = 0

  var count: Int {
    get { access(0); return _count }
    set {
      guard newValue != _count else { return }
      let write = willSet(0)
      _count = newValue
      didSet(write)
    }
  }

  var other: Int {
    get { access(1); return _other }
    set {
      guard newValue != _other else { return }
      let write = willSet(1)
      _other = newValue
      didSet(write)
    }
  }
}
