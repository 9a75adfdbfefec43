import BenchmarkKit
import Observation
import ObservationCore

extension Footprint {
  /// n one-shot scopes armed on one model that never changes: rows rendered
  /// once and never invalidated, each scope waiting for a write.
  static var scopes: BenchmarkScenario {
    BenchmarkScenario(
      name: "scopes",
      summary:
        "Holds n one-shot tracking scopes armed on one model's integer (apple: withObservationTracking), none of "
        + "which fires; one op arms a scope on a new model and drops the model; held: bytes per armed scope (freed "
        + "with their model)",
      sizes: sizes,
      quickSizes: quickSizes,
      strategies: StrategyIDs.objectsObserved
    ) { id, size in
      switch try Subject(id) {
      case .core: return try Scopes(count: size).prepare(id: id)
      case .apple: return prepared(items: size) { AppleScopes(count: size) }
      case .none: throw UnknownStrategy(id: id)
      }
    }
  }

  /// ``scopes`` as a ``CoreWorkload``, specialised per strategy.
  private struct Scopes: CoreWorkload {
    let count: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      let count = count
      return Footprint.prepared(S.self, items: count) { CoreScopes<S>(count: count) }
    }
  }

  /// One core model with n armed scopes, their tokens dropped: the scopes end
  /// with the model.
  private final class CoreScopes<S: ObservationStrategy>: FootprintFixture {
    private var model: Counter<S>?
    private let tally = Tally()

    init(count: Int) {
      let model = Counter<S>()
      for _ in 0..<count { Self.arm(on: model, tally) }
      self.model = model
    }

    private static func arm(on model: Counter<S>, _ tally: Tally) {
      _ = S.withTracking({ [unowned(unsafe) model] in blackHole(model.count) }, onChange: { tally.bump() })
    }

    func makeAndDropOne() { Self.arm(on: Counter<S>(), tally) }

    func free() { model = nil }
  }

  /// One apple model with n armed `withObservationTracking` scopes, which end
  /// with the model.
  private final class AppleScopes: FootprintFixture {
    private var model: AppleCounter?
    private let tally = Tally()

    init(count: Int) {
      let model = AppleCounter()
      for _ in 0..<count { Self.arm(on: model, tally) }
      self.model = model
    }

    private static func arm(on model: AppleCounter, _ tally: Tally) {
      withObservationTracking({ [unowned(unsafe) model] in blackHole(model.count) }, onChange: { tally.bump() })
    }

    func makeAndDropOne() { Self.arm(on: AppleCounter(), tally) }

    func free() { model = nil }
  }
}
