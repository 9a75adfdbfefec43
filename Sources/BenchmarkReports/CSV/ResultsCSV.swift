import BenchmarkKit

/// Renders a run as `results.csv`: one row per suite, scenario, strategy and size.
///
/// The first thirteen columns are the contract of DESIGN.md, in that order, with
/// those exact names; the columns after them may grow. An unavailable value (no
/// allocation counter, a failed case) is an empty field; a failed case says why
/// in `failure`.
///
/// Times are the run's published figures (``CaseResult/published``, written once
/// by ``Publication``): `median_ns` is the median when the run resolved it, else
/// an upper bound, and `median_bound` is then `<`; every other time column is empty
/// where the run could not resolve it. `iterations` is operations per sample. A
/// case without published figures (failed, no statistics) has no time columns.
///
/// What the reports mark (``CaseMark``) comes from `calibration_note` (`†`),
/// `outlasts_sample` (`‡`: `true`, else empty) and `pass_modes` (`≈`: the modes
/// the passes fell into, else empty).
///
/// The comparisons a run publishes follow: `overhead_ns` (above `none`, with
/// `overhead_bound` `<` when it is a bound, and its interval), its share of
/// `apple`'s overhead (a ratio, 1 = apple's), the scenario and size's
/// `cheapest` strategy and whether this one is `tied_with_cheapest`, and in a
/// headline scenario the strategy it is `dominated_by`, if any.
///
/// A case that times single operations (``CaseResult/latency``, a stall probe)
/// gives their count and percentiles: `latency_ops`,
/// `latency_p50_ns`, `latency_p99_ns`, `latency_p999_ns`, `latency_max_ns` and
/// `latency_over_1ms`, the operations that took 1 ms or more; empty elsewhere.
///
/// Last, in a store workload, `over_store_floor_ns` (with its bound mark and
/// interval): a store strategy's time above the store floor (`store-floor`,
/// the same store with nothing observed), what its observation costs apart
/// from the store's routing; then that as a share of `apple`'s overhead above
/// `none` (`over_store_floor_share_of_apple`, with its bound and interval).
///
/// Then, on every row of a scenario and size, what its headline says of the
/// whole group rather than its luckiest member: the ratios to `apple` of the
/// cheapest and every strategy tied with it (`tied_group_ratio_low`,
/// `tied_group_ratio_high`), and how many core strategies are measurably
/// faster and slower than `apple` (their ratio's interval wholly below or
/// above 1) of the `strategies_against_apple` compared.
///
/// Last, what the scenario's ratio compares, where it declares it: `form` is
/// `idiomatic` (each side in its own API form: the ratio compares APIs as
/// written) or `like-for-like` (both in one form), and `form_sides` says how,
/// `persistent observe vs apple re-armed`; empty for a scenario that declares
/// none. Where instructions were counted (`run --metric instructions`),
/// `retains_per_op`, `releases_per_op`, `object_allocs_per_op` and
/// `object_deallocs_per_op`: calls per operation into the runtime
/// (``RuntimeCalls``), exact where the path does not vary. Last, for a case
/// that measures the memory its things hold (the footprint suite),
/// `held_items` (how many things), `held_bytes_per_item` (jemalloc's live
/// bytes while they were held, less before, per thing) and `held_bytes_left`
/// (live bytes after they were freed, less before: what stayed).
public enum ResultsCSV {
  /// The header row's columns.
  public static let columns = [
    "suite", "scenario", "strategy", "size", "iterations", "samples",
    "median_ns", "p90_ns", "min_ns", "mad_ns",
    "allocs_per_op", "bytes_per_op", "notifications_per_op",
    "p99_ns", "max_ns", "mean_ns", "ci_low_ns", "ci_high_ns", "growth_exponent", "failure",
    "median_bound", "resolution_ns", "ops_per_iteration",
    "ratio_to_apple", "ratio_bound", "ratio_ci_low", "ratio_ci_high", "calibration_note",
    "instructions_per_op", "instructions_note", "outlasts_sample", "pass_modes",
    "overhead_ns", "overhead_bound", "overhead_ci_low", "overhead_ci_high",
    "overhead_share_of_apple", "overhead_share_bound", "overhead_share_ci_low", "overhead_share_ci_high",
    "cheapest", "tied_with_cheapest", "dominated_by",
    "latency_ops", "latency_p50_ns", "latency_p99_ns", "latency_p999_ns", "latency_max_ns", "latency_over_1ms",
    "over_store_floor_ns", "over_store_floor_bound", "over_store_floor_ci_low", "over_store_floor_ci_high",
    "over_store_floor_share_of_apple", "over_store_floor_share_bound", "over_store_floor_share_ci_low",
    "over_store_floor_share_ci_high",
    "tied_group_ratio_low", "tied_group_ratio_high", "strategies_faster_than_apple", "strategies_slower_than_apple",
    "strategies_against_apple", "form", "form_sides", "retains_per_op", "releases_per_op", "object_allocs_per_op",
    "object_deallocs_per_op", "held_items", "held_bytes_per_item", "held_bytes_left",
  ]

  /// The CSV text of `run`, header first, LF line endings.
  public static func render(_ run: BenchmarkRun) -> String {
    var lines = [CSVField.row(columns)]
    let groups = groupFields(run)
    for result in run.cases {
      let stats = result.statistics
      let published = result.published
      // A figure the run did not resolve is left empty rather than printed.
      let value = { (figure: Figure?) in NumberFormat.fixed(figure?.value) }
      // p99, max and mean are not published figures; they follow the same rule.
      let resolved = { (statistic: Double?) in
        NumberFormat.fixed(published == nil ? nil : statistic.flatMap { result.figure($0).value })
      }
      let fields: [String] =
        [
          result.suite, result.scenario, result.strategy, String(result.size),
          String(result.operationsPerSample), String(result.samples.count),
          NumberFormat.fixed(published?.medianNs.number), value(published?.p90Ns),
          value(published?.minNs), NumberFormat.fixed(published == nil ? nil : stats?.mad),
          NumberFormat.fixed(result.allocationsPerOperation), NumberFormat.fixed(result.bytesPerOperation),
          NumberFormat.fixed(result.notificationsPerOperation),
          resolved(stats?.p99), resolved(stats?.max), resolved(stats?.mean),
          value(published?.ciLowNs), value(published?.ciHighNs),
          NumberFormat.fixed(run.exponent(for: result.key)),
          result.failure ?? "",
          published?.medianNs.boundMark ?? "",
          NumberFormat.fixed(published?.resolutionNs),
          String(result.operationsPerIteration ?? 1),
          NumberFormat.ratioField(published?.ratioToApple?.number),
          published?.ratioToApple?.boundMark ?? "",
          NumberFormat.ratioField(published?.ratioInterval?.lowerBound),
          NumberFormat.ratioField(published?.ratioInterval?.upperBound),
          result.calibrationNote ?? "",
          NumberFormat.fixed(result.instructionsPerOperation), result.instructionsNote ?? "",
          result.outlastsSample == true ? "true" : "", result.passModes ?? "",
          NumberFormat.fixed(published?.overheadNs?.number), published?.overheadNs?.boundMark ?? "",
          NumberFormat.fixed(published?.overheadInterval?.lowerBound),
          NumberFormat.fixed(published?.overheadInterval?.upperBound),
          NumberFormat.ratioField(published?.overheadShareOfApple?.number),
          published?.overheadShareOfApple?.boundMark ?? "",
          NumberFormat.ratioField(published?.overheadShareInterval?.lowerBound),
          NumberFormat.ratioField(published?.overheadShareInterval?.upperBound),
          published?.versusCheapest?.cheapest ?? "",
          published?.versusCheapest.map { $0.isUnresolved ? "" : $0.isTied ? "true" : "false" } ?? "",
          published?.choice?.dominatedBy ?? "",
        ] + latencyFields(result.latency) + storeFloorFields(published)
      let shape = ShapeKey(suite: result.suite, scenario: result.scenario, size: result.size)
      let form = run.form(suite: result.suite, scenario: result.scenario)
      lines.append(
        CSVField.row(
          fields + (groups[shape] ?? Array(repeating: "", count: 5)) + [form?.kind.rawValue ?? "", form?.forms ?? ""]
            + runtimeCallFields(result.runtimeCalls) + heldMemoryFields(result.heldMemory)))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A case's calls per operation into the runtime's reference counting and
  /// object allocation, where instructions were counted; empty elsewhere.
  private static func runtimeCallFields(_ calls: RuntimeCalls?) -> [String] {
    guard let calls else { return ["", "", "", ""] }
    return [calls.retains, calls.releases, calls.objectAllocations, calls.objectDeallocations].map {
      NumberFormat.fixed($0)
    }
  }

  /// A case's held memory, where it measured one; empty elsewhere.
  private static func heldMemoryFields(_ held: HeldMemory?) -> [String] {
    guard let held else { return ["", "", ""] }
    return [String(held.items), NumberFormat.fixed(held.bytesPerItem), NumberFormat.fixed(held.leftBytes)]
  }

  /// Per scenario and size, what its headline says of the whole group: the
  /// ratios to `apple` of the cheapest and every strategy tied with it, lowest
  /// and highest, and how many core strategies are measurably faster and
  /// slower than `apple` of how many; the same on every row of the size, so a
  /// filter on any row shows a size where the core loses.
  private static func groupFields(_ run: BenchmarkRun) -> [ShapeKey: [String]] {
    var shapes = [ShapeKey: [CaseResult]]()
    for result in run.cases {
      shapes[ShapeKey(suite: result.suite, scenario: result.scenario, size: result.size), default: []].append(result)
    }
    return shapes.mapValues { cases in
      let figures = HeadlineFigures(scenario: cases[0].scenario, cases: cases, form: nil)
      let lone = figures.ratio?.value.map { $0...$0 }
      let group = figures.groupRatios ?? lone
      let counts = figures.versusApple
      let total = counts.total
      return [
        NumberFormat.ratioField(group?.lowerBound), NumberFormat.ratioField(group?.upperBound),
        total > 0 ? String(counts.faster) : "", total > 0 ? String(counts.slower) : "", total > 0 ? String(total) : "",
      ]
    }
  }

  /// The columns of a store strategy's time above the store floor and its
  /// share of apple's overhead above `none`, empty elsewhere.
  private static func storeFloorFields(_ published: PublishedFigures?) -> [String] {
    [
      NumberFormat.fixed(published?.overStoreFloorNs?.number), published?.overStoreFloorNs?.boundMark ?? "",
      NumberFormat.fixed(published?.overStoreFloorInterval?.lowerBound),
      NumberFormat.fixed(published?.overStoreFloorInterval?.upperBound),
      NumberFormat.ratioField(published?.overStoreFloorShareOfApple?.number),
      published?.overStoreFloorShareOfApple?.boundMark ?? "",
      NumberFormat.ratioField(published?.overStoreFloorShareInterval?.lowerBound),
      NumberFormat.ratioField(published?.overStoreFloorShareInterval?.upperBound),
    ]
  }

  /// The latency columns of a case, empty for one that timed no single operation.
  private static func latencyFields(_ latency: LatencyHistogram?) -> [String] {
    guard let latency, latency.count > 0 else { return Array(repeating: "", count: 6) }
    let percentile = { (p: Double) in latency.percentile(p).map { String($0) } ?? "" }
    return [
      String(latency.count), percentile(0.5), percentile(0.99), percentile(0.999), String(latency.maxNs),
      String(latency.slowCount),
    ]
  }
}
