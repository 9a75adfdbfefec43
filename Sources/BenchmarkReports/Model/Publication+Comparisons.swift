import BenchmarkKit

extension Publication {
  /// The store floor of store workloads: the same store with nothing
  /// observed, its routing alone. Not a choice.
  public static let storeFloor = "store-floor"

  /// Whether `strategy` is one to choose between: not `apple`, `none` or the
  /// store floor, which are what the choices are measured against.
  public static func isChoice(_ strategy: String) -> Bool {
    strategy != ReferenceStrategy.apple && strategy != ReferenceStrategy.floor && strategy != storeFloor
  }

  /// `run` with the figures that compare each case with the cases beside it
  /// published, from the per-case figures it already holds
  /// (``publishCases(_:)``): its overhead above `none` and that overhead as a
  /// share of `apple`'s (``overhead(of:floor:)``), in a store workload its time
  /// above the store floor and that as a share of `apple`'s overhead, how it stands against the
  /// cheapest strategy (``versusCheapest(_:)``), and in the suites' headline
  /// scenarios whether another strategy dominates it (``choices(_:)``).
  ///
  /// Computed here once, so that every writer prints the same verdicts.
  ///
  /// - Complexity: One paired interval per case, and for a headline scenario one
  ///   per pair of strategies that could dominate each other.
  public static func publishComparisons(_ run: BenchmarkRun) -> BenchmarkRun {
    var run = run
    var shapes = [String: [Int]]()
    var order = [String]()
    for (index, result) in run.cases.enumerated() {
      let shape = "\(result.suite)/\(result.scenario)[\(result.size)]"
      if shapes[shape] == nil { order.append(shape) }
      shapes[shape, default: []].append(index)
    }
    for shape in order {
      let indices = shapes[shape]!
      let cases = indices.map { run.cases[$0] }
      let floorCase = cases.first { $0.strategy == ReferenceStrategy.floor && $0.failure == nil }
      // Every case's overhead first: the shares need apple's.
      var overheads = [Int: (Figure, ClosedRange<Double>?)]()
      for (position, result) in cases.enumerated() where result.strategy != ReferenceStrategy.floor {
        guard let floorCase, let overhead = overhead(of: result, floor: floorCase) else { continue }
        overheads[position] = overhead
      }
      let appleOverhead = cases.firstIndex { $0.strategy == ReferenceStrategy.apple }.flatMap { overheads[$0] }
      for (position, overhead) in overheads {
        let index = indices[position]
        run.cases[index].published?.overheadNs = overhead.0
        run.cases[index].published?.overheadInterval = overhead.1
        guard cases[position].strategy != ReferenceStrategy.apple, cases[position].strategy != storeFloor,
          let appleOverhead,
          let share = share(overhead, of: appleOverhead)
        else { continue }
        run.cases[index].published?.overheadShareOfApple = share.0
        run.cases[index].published?.overheadShareInterval = share.1
      }
      // Observation apart from routing: each store strategy above the store
      // floor, beside apple's overhead above `none`.
      if let storeFloorCase = cases.first(where: { $0.strategy == storeFloor && $0.failure == nil }) {
        for (position, result) in cases.enumerated() where isChoice(result.strategy) {
          guard let over = overhead(of: result, floor: storeFloorCase) else { continue }
          let index = indices[position]
          run.cases[index].published?.overStoreFloorNs = over.0
          run.cases[index].published?.overStoreFloorInterval = over.1
          guard let appleOverhead, let share = share(over, of: appleOverhead) else { continue }
          run.cases[index].published?.overStoreFloorShareOfApple = share.0
          run.cases[index].published?.overStoreFloorShareInterval = share.1
        }
      }
      for (position, comparison) in versusCheapest(cases) {
        run.cases[indices[position]].published?.versusCheapest = comparison
      }
      guard let first = cases.first, run.suiteHeadlines?[first.suite] == first.scenario else { continue }
      for (position, standing) in choices(cases) {
        run.cases[indices[position]].published?.choice = standing
      }
    }
    return run
  }

  /// The cases among `cases` that are choices to compare (``isChoice(_:)``),
  /// measured, with published figures; by position in `cases`.
  static func candidates(_ cases: [CaseResult]) -> [Int] {
    cases.indices.filter { index in
      let result = cases[index]
      return isChoice(result.strategy) && result.failure == nil && result.published != nil
    }
  }
}
