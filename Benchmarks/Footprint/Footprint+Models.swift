import BenchmarkKit
import Observation
import ObservationCore

extension Footprint {
  /// n models, each read by one observer of its own, as n views each showing
  /// one model.
  static var models: BenchmarkScenario {
    BenchmarkScenario(
      name: "models",
      summary:
        "Holds n models of two observed integers, each observed by one persistent observer of its own (apple: "
        + "withObservationTracking re-armed in onChange; none: no observer); one op makes one more with its "
        + "observer and drops it; held: bytes per observed model",
      sizes: sizes,
      quickSizes: quickSizes,
      strategies: StrategyIDs.objects
    ) { id, size in
      switch try Subject(id) {
      case .core: return try Models(count: size).prepare(id: id)
      case .apple: return prepared(items: size) { AppleModels(count: size) }
      case .none: return prepared(items: size) { PlainModels(count: size) }
      }
    }
  }

  /// ``models`` as a ``CoreWorkload``, specialised per strategy.
  private struct Models: CoreWorkload {
    let count: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      let count = count
      return Footprint.prepared(S.self, items: count) { CoreModels<S>(count: count) }
    }
  }

  /// n core models, each with its persistent observer; `free()` cancels them.
  private final class CoreModels<S: ObservationStrategy>: FootprintFixture {
    private var models: [Counter<S>]
    private var tokens: [ObservationToken]
    private let tally = Tally()

    init(count: Int) {
      let tally = tally
      models = (0..<count).map { _ in Counter<S>() }
      tokens = models.map { model in S.observe({ _ = model.count }, onChange: { tally.bump() }) }
    }

    func makeAndDropOne() {
      let tally = tally
      let model = Counter<S>()
      S.observe({ _ = model.count }, onChange: { tally.bump() }).cancel()
    }

    func free() {
      for token in tokens { token.cancel() }
      tokens = []
      models = []
    }
  }

  /// n apple models, each observed by a re-armed `withObservationTracking`
  /// that holds its model unowned: apple has no cancel, so an observation ends
  /// with its model, and a strong capture would keep the model alive for ever.
  private final class AppleModels: FootprintFixture {
    private var models: [AppleCounter]
    private let tally = Tally()

    init(count: Int) {
      let tally = tally
      models = (0..<count).map { _ in AppleCounter() }
      for model in models {
        AppleObservation.observe({ [unowned(unsafe) model] in _ = model.count }, onChange: { tally.bump() })
      }
    }

    func makeAndDropOne() {
      let tally = tally
      let model = AppleCounter()
      AppleObservation.observe({ [unowned(unsafe) model] in _ = model.count }, onChange: { tally.bump() })
    }

    func free() { models = [] }
  }

  /// n plain models, unobserved.
  private final class PlainModels: FootprintFixture {
    private var models: [PlainCounter]

    init(count: Int) {
      models = (0..<count).map { _ in PlainCounter() }
    }

    func makeAndDropOne() { blackHole(PlainCounter()) }

    func free() { models = [] }
  }
}
