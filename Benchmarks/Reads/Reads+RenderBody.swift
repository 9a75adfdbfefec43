import BenchmarkKit
import Observation
import ObservationCore

extension Reads {
  /// A view body: one tracking scope reading several fields of several distinct
  /// objects once each, ended by the write that invalidates it.
  ///
  /// Shape: n reads are k = 4 fields (``Card``) of n / 4 distinct cards, all
  /// allocated in set-up; n = 1 is one field of one card. Every side ends its
  /// scope the same way: one write of the first card's first field, which fires
  /// the scope (1 notification) and removes its registrations from every card
  /// it read, so nothing piles up from one operation to the next. `none` does
  /// the same reads and the same write on plain objects.
  static var renderBody: BenchmarkScenario {
    BenchmarkScenario(
      name: "render-body",
      summary:
        "Opens a scope, reads 4 fields of each of n/4 distinct objects once (n reads), closes it, then one write fires "
          + "it",
      sizes: renderReadCounts,
      quickSizes: [1, 100, 1_000],
      strategies: StrategyIDs.objects,
      sizeCondition: SizeCondition("1 or a multiple of 4") { $0 == 1 || $0 % 4 == 0 }
    ) { id, size in
      let shape = try RenderShape(reads: size)
      switch try Subject(id) {
      case .core: return try RenderBody(shape: shape).prepare(id: id)
      case .apple: return renderBodyApple(shape)
      case .none: return renderBodyPlain(shape)
      }
    }
  }

  /// Reads per body of the sweep: 1, then multiples of 4 up to 1 000.
  static let renderReadCounts = [1, 4, 16, 100, 1_000]

  /// How n reads split into fields per object and objects.
  struct RenderShape {
    /// Fields read per object, 1 to 4.
    let fields: Int
    /// Distinct objects read.
    let objects: Int

    /// The shape of `reads` reads: 4 fields per object, or one read of one.
    ///
    /// - Throws: ``BadRenderSize`` unless `reads` is 1 or a multiple of 4.
    init(reads: Int) throws {
      if reads == 1 {
        (fields, objects) = (1, 1)
      } else if reads % 4 == 0 {
        (fields, objects) = (4, reads / 4)
      } else {
        throw BadRenderSize(reads: reads)
      }
    }
  }

  private static func renderBody<S: ObservationStrategy>(_: S.Type, shape: RenderShape) -> PreparedCase {
    let cards = S.inIsolation { ContiguousArray((0..<shape.objects).map { _ in Card<S>() }) }
    let fields = shape.fields
    let tally = Tally()
    let cursor = Cursor()
    return .core(
      S.self,
      run: { iterations in
        for value in cursor.advance(iterations) {
          S.withTracking({ for card in cards { card.render(fields: fields) } }, onChange: { tally.bump() })
          cards[0].likes = value
        }
      },
      notifications: { tally.count },
      expected: 1)
  }

  private static func renderBodyApple(_ shape: RenderShape) -> PreparedCase {
    let cards = ContiguousArray((0..<shape.objects).map { _ in AppleCard() })
    let fields = shape.fields
    let tally = Tally()
    let cursor = Cursor()
    return PreparedCase(
      run: { iterations in
        for value in cursor.advance(iterations) {
          withObservationTracking({ for card in cards { card.render(fields: fields) } }, onChange: { tally.bump() })
          cards[0].likes = value
        }
      },
      notifications: { tally.count },
      expectedNotificationsPerOperation: 1)
  }

  private static func renderBodyPlain(_ shape: RenderShape) -> PreparedCase {
    let cards = ContiguousArray((0..<shape.objects).map { _ in PlainCard() })
    let fields = shape.fields
    let cursor = Cursor()
    return PreparedCase(run: { iterations in
      for value in cursor.advance(iterations) {
        for card in cards { card.render(fields: fields) }
        cards[0].likes = value
      }
    })
  }

  /// ``renderBody`` as a ``CoreWorkload``, specialised per strategy.
  private struct RenderBody: CoreWorkload {
    let shape: RenderShape
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reads.renderBody(S.self, shape: shape)
    }
  }
}

/// Thrown for a render size that is neither 1 nor a multiple of 4 reads.
struct BadRenderSize: Error, CustomStringConvertible {
  /// The size asked for.
  let reads: Int

  var description: String { "render-body: \(reads) reads is neither 1 nor a multiple of 4" }
}
