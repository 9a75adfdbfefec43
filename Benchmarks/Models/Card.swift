import BenchmarkKit
import ObservationCore

/// An object with four observed integers, the row model a view body reads: the
/// model of the render workloads.
///
/// Written as ``Counter`` is (equality-gated setters, one field index each), so a
/// body that reads all four fields records four distinct fields of one object.
final class Card<S: ObservationStrategy>: ObservableModel, CardFields {
  typealias Strategy = S
  let registrar = S.Registrar()

  /// The fields a render reads per card.
  static var fieldCount: Int { 4 }

  private var _likes = 0
  private var _replies = 1
  private var _shares = 2
  private var _views = 3

  var likes: Int {
    get { access(0); return _likes }
    set {
      guard newValue != _likes else { return }
      let write = willSet(0)
      _likes = newValue
      didSet(write)
    }
  }

  var replies: Int {
    get { access(1); return _replies }
    set {
      guard newValue != _replies else { return }
      let write = willSet(1)
      _replies = newValue
      didSet(write)
    }
  }

  var shares: Int {
    get { access(2); return _shares }
    set {
      guard newValue != _shares else { return }
      let write = willSet(2)
      _shares = newValue
      didSet(write)
    }
  }

  var views: Int {
    get { access(3); return _views }
    set {
      guard newValue != _views else { return }
      let write = willSet(3)
      _views = newValue
      didSet(write)
    }
  }
}
