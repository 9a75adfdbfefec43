import BenchmarkKit
import ObservationCore

/// n observed things, built and held until ``free()``: what a footprint case
/// holds and measures.
///
/// Cases hold a fixture by its own type, never as `any FootprintFixture`:
/// called through the existential, a generic fixture's method runs unspecialised,
/// looking up generic metadata and instantiating its key paths on every call
/// (17 K of a core row's 56 K instructions per op), a cost no app with concrete
/// state types pays.
protocol FootprintFixture: AnyObject {
  /// Makes one more thing like those held, observes it as they are observed,
  /// and drops it: the timed operation.
  func makeAndDropOne()
  /// Ends every observation the fixture holds and lets go of its things.
  func free()
}

extension Footprint {
  /// A case of apple or `none` holding a fixture of `items` things made by
  /// `build`, whose footprint is that of another one.
  static func prepared<F: FootprintFixture>(items: Int, _ build: @escaping () -> F) -> PreparedCase {
    let fixture = build()
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations { fixture.makeAndDropOne() }
      },
      tearDown: { fixture.free() },
      footprint: { measure(items: items, build) })
  }

  /// ``prepared(items:_:)`` for a core strategy: built, changed, measured and
  /// freed in its isolation.
  static func prepared<S: ObservationStrategy, F: FootprintFixture>(
    _: S.Type, items: Int, _ build: @escaping () -> F
  ) -> PreparedCase {
    let fixture = UncheckedSendable(S.inIsolation { build() })
    var prepared = PreparedCase.core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations { fixture.value.makeAndDropOne() }
      },
      tearDown: { fixture.value.free() })
    prepared.footprint = { measure(items: items, build) }
    return prepared
  }

  /// The bytes a fixture of `items` things holds, and what stays after it is
  /// freed; `nil` where jemalloc's statistics are unavailable. Called after
  /// the case's own fixture was built in this process, which filled what a
  /// first build fills for good (thread caches, a key path's instantiation).
  static func measure<F: FootprintFixture>(items: Int, _ build: () -> F) -> HeldMemory? {
    guard let totals = JemallocTotals(), let before = totals.liveBytes() else { return nil }
    let held: Int? = {
      let fixture = build()
      defer { fixture.free() }
      return withExtendedLifetime(fixture) { totals.liveBytes() }
    }()
    guard let held, let after = totals.liveBytes() else { return nil }
    return HeldMemory(items: items, heldBytes: Double(held - before), leftBytes: Double(after - before))
  }
}
