import BenchmarkKit
import Testing

@Suite("GrowthFit, GlobPattern, SplitMix64")
struct SupportingTypesTests {
  @Test func slope_ofQuadratic_isTwo() throws {
    let points = [1, 10, 100, 1000].map { (size: $0, median: 3.0 * Double($0 * $0)) }
    let slope = try #require(GrowthFit.slope(points: points))
    #expect(abs(slope - 2) < 1e-9)
  }

  @Test func slope_ofConstant_isZero() throws {
    let slope = try #require(GrowthFit.slope(points: [(1, 5), (100, 5), (10_000, 5)]))
    #expect(abs(slope) < 1e-9)
  }

  @Test func slope_whenFewerThanTwoUsableSizes_isNil() {
    #expect(GrowthFit.slope(points: []) == nil)
    #expect(GrowthFit.slope(points: [(10, 4)]) == nil)
    #expect(GrowthFit.slope(points: [(10, 4), (10, 5)]) == nil)
    #expect(GrowthFit.slope(points: [(10, 4), (100, -1)]) == nil)
  }

  @Test(arguments: [
    ("track*", "track-fire", true),
    ("track*", "untracked", false),
    ("*track*", "untracked", true),
    ("reads/untracked", "reads/untracked", true),
    ("reads/*", "reads/untracked", true),
    ("a?c", "abc", true),
    ("a?c", "abbc", false),
    ("*", "", true),
    ("", "x", false),
    ("a*b*c", "aXbYbZc", true),
  ])
  func globPattern_matches(pattern: String, text: String, expected: Bool) {
    #expect(GlobPattern(pattern).matches(text) == expected)
  }

  @Test func splitMix_withSameSeed_repeatsItsSequence() {
    var first = SplitMix64(seed: 7)
    var second = SplitMix64(seed: 7)
    for _ in 0..<100 {
      #expect(first.next() == second.next())
    }
    var generator = SplitMix64(seed: 1)
    for _ in 0..<1000 {
      #expect((0..<5).contains(generator.nextIndex(below: 5)))
    }
  }

  @Test func seed_forText_isStable() {
    #expect(SplitMix64.seed(for: "abc") == SplitMix64.seed(for: "abc"))
    #expect(SplitMix64.seed(for: "abc") != SplitMix64.seed(for: "abd"))
  }
}
