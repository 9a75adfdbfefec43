import BenchmarkKit

/// The run-wide check that `none` is the floor: no strategy may be measurably
/// cheaper than the same reads and writes without any observation.
///
/// `none` does the work of an operation and nothing else. A strategy that beats
/// it has been given less work (a memo where `none` walks a key path, a hoisted
/// read), and its figure would be a workload defect, not a result — so the run
/// fails. "Measurably" means beyond both the noise and the resolution: the 95%
/// interval of the paired ratio to `none` lies wholly below 1, the paired ratio
/// of every pass is below 1, and the two medians differ by more than both cases'
/// uncertainties together and by more than ``placementFloorNs``. Where a pass is
/// not cheaper, the difference is where a buffer landed in the others, not the
/// work done. Where the run counted both
/// cases' instructions, the counts judge instead of time: the same instructions
/// are the same work, whatever the clock says of their placement.
///
/// The store floor (`store-floor`) is not judged: it is the floor of a store's
/// routing, not a strategy doing the operation's work. In a store workload it
/// is a second floor for the store strategies: one fails only when it is
/// measurably cheaper than both `none` and the store floor. The store's
/// collection can be cheaper than `none`'s plain Swift (its id index hashes an
/// `Int` id with one multiplication where a `Dictionary` runs SipHash:
/// `collections/replace-all[1000]` 4.9 µs for every core strategy against
/// `none`'s 9.3 µs), and an actor strategy, which takes no lock, cheaper than
/// the store floor, which takes its mutex (`mutations/store-send[1]`: 7.5 ns
/// against 19.3 ns); neither is less work. Beating both is.
public enum FloorCheck {
  /// One check result per suite with a `none` case: which cases, if any, beat it.
  public static func evaluate(_ run: BenchmarkRun) -> [CheckResult] {
    let floors = Dictionary(
      run.cases.filter { $0.strategy == ReferenceStrategy.floor && $0.failure == nil }.map { (groupKey($0), $0) },
      uniquingKeysWith: { first, _ in first })
    let storeFloors = Dictionary(
      run.cases.filter { $0.strategy == Publication.storeFloor && $0.failure == nil }.map { (groupKey($0), $0) },
      uniquingKeysWith: { first, _ in first })
    var suites = [String]()
    var beaten = [String: [String]]()
    var compared = [String: Int]()
    for result in run.cases where result.failure == nil {
      guard let none = floors[groupKey(result)] else { continue }
      if !suites.contains(result.suite) { suites.append(result.suite) }
      // The store floor sends and observes nothing, so it skips the work an
      // observer's firing triggers (a re-render), which `none` does: less
      // work by design, not a defect.
      guard result.strategy != ReferenceStrategy.floor, result.strategy != Publication.storeFloor else { continue }
      compared[result.suite, default: 0] += 1
      // A store strategy beside a store floor fails only when it beats both:
      // the store's collection may beat plain Swift's (`none`), and an actor
      // strategy, which takes no lock, the lock-guarded store floor; neither
      // is less work. Apple, which routes nothing, is judged by `none` alone.
      guard let margin = beats(result, none) else { continue }
      if Publication.isChoice(result.strategy), let storeFloor = storeFloors[groupKey(result)] {
        guard let below = beats(result, storeFloor, name: Publication.storeFloor) else { continue }
        beaten[result.suite, default: []].append(
          "\(result.scenario)[\(result.size)] \(result.strategy) \(margin); \(below)")
      } else {
        beaten[result.suite, default: []].append("\(result.scenario)[\(result.size)] \(result.strategy) \(margin)")
      }
    }
    return suites.map { suite in
      let found = beaten[suite] ?? []
      let detail =
        found.isEmpty
        ? "no strategy is measurably cheaper than its floor (none; in store workloads none and the store floor) in "
          + "\(compared[suite] ?? 0) cases"
        : "\(found.count) case(s) cheaper than their floor (a workload defect): "
          + found.prefix(6).joined(separator: "; ")
          + (found.count > 6 ? "; …" : "")
      return CheckResult(
        suite: suite, name: "none-is-the-floor",
        summary:
          "No strategy is measurably cheaper than none, which does the same work unobserved (in a store "
          + "workload, than both none and the store floor, the same store unobserved)",
        outcome: CheckOutcome(passed: found.isEmpty, measured: Double(found.count), expected: 0, detail: detail))
    }
  }

  /// How `result` beats its floor `none` (e.g. "0.62× [0.58–0.66] of none"),
  /// or `nil` when it does not measurably; `name` names the floor.
  static func beats(_ result: CaseResult, _ none: CaseResult, name: String = ReferenceStrategy.floor) -> String? {
    if let counted = result.instructionsPerOperation, let floorCount = none.instructionsPerOperation, floorCount > 0 {
      guard counted < floorCount * (1 - instructionSlack) else { return nil }
      return "\(NumberFormat.fixed(counted, 1)) instructions per operation against \(NumberFormat.fixed(floorCount, 1))"
    }
    guard let figure = result.medianFigure, let noneFigure = none.medianFigure,
      let noneMedian = noneFigure.value
    else { return nil }
    let margin = max((result.uncertaintyNs ?? 0) + (none.uncertaintyNs ?? 0), placementFloorNs)
    switch figure {
    case .value(let median):
      let passRatios = PairedRatio.passRatios(of: PairedRatio.pairs(result, none))
      guard noneMedian - median > margin,
        let interval = PairedRatio.interval(of: result, to: none), interval.upperBound < 1,
        !passRatios.isEmpty, passRatios.allSatisfy({ $0 < 1 })
      else { return nil }
      return
        "\(NumberFormat.nanoseconds(median)) ns against \(NumberFormat.nanoseconds(noneMedian)) ns, "
        + "\(NumberFormat.ratio(interval.lowerBound))–\(NumberFormat.ratio(interval.upperBound)) of \(name)"
    case .below(let bound):
      guard noneMedian - bound > margin else { return nil }
      return "< \(NumberFormat.nanoseconds(bound)) ns against \(NumberFormat.nanoseconds(noneMedian)) ns"
    case .above, .unresolved:
      return nil
    }
  }

  /// The smallest difference of time per operation the check takes for less
  /// work: 1 ns, a few clock cycles. Below it, where a process placed its
  /// fixtures moves a loop by as much for every pass of a run: `mutations/
  /// equal-value[1]` (one compare per operation) ran in every pass of one full
  /// run at 0.16 ns for each core strategy and 0.42 ns for `none`, and in the
  /// run before at 0.43–0.48 ns for both in most passes, with the same code.
  /// Counted instructions judge such cases; time cannot.
  static let placementFloorNs = 1.0

  /// How many fewer instructions than `none` count as less work: 2%, room for a
  /// count that varies with state between equal stretches (`~` in the reports).
  static let instructionSlack = 0.02

  private static func groupKey(_ result: CaseResult) -> String {
    "\(result.suite)/\(result.scenario)[\(result.size)]"
  }
}
