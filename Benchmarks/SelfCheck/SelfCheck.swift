import BenchmarkKit

/// The harness measuring itself: cases whose true cost is known, and checks that
/// the harness reports that cost to the precision the project promises.
///
/// Not a default suite; run it with `obsbench run --suite selfcheck`. Its one
/// strategy id is `harness`.
public enum SelfCheck {
  /// The strategy id of every self-check case.
  public static let strategy = "harness"

  /// The self-check suite.
  public static var suite: BenchmarkSuite {
    BenchmarkSuite(
      name: "selfcheck",
      summary: "The harness measuring operations of known cost, with its precision checks",
      isDefault: false,
      scenarios: [mulChain, mulChainSingle, emptyBody, injected, allocate, notify, linearSum],
      checks: [
        chainScalesLinearly, unrollFactorsAgree, emptyBodyNetsZero, injectedMeasuredExactly, oneAllocationPerOperation,
        linearSumGrowsLinearly,
      ]
    )
  }
}
