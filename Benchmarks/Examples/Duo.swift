import ObservationCore

/// Two observed integers, the Extending article's example model: generic over the
/// strategy, every read recording its field, every write announcing it.
final class Duo<S: ObservationStrategy>: ObservableModel {
  typealias Strategy = S
  let registrar = S.Registrar()

  private var _left = 0
  private var _right = 0

  var left: Int {
    get { access(0); return _left }
    set {
      guard newValue != _left else { return }
      let write = willSet(0)
      _left = newValue
      didSet(write)
    }
  }

  var right: Int {
    get { access(1); return _right }
    set {
      guard newValue != _right else { return }
      let write = willSet(1)
      _right = newValue
      didSet(write)
    }
  }
}
