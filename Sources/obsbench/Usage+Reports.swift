/// The help of the commands that list scenarios and write reports from runs.
extension Usage {
  static let list = """
    USAGE: obsbench list

    Shows every suite (with its one-line summary and whether it runs by default),
    its scenarios (what one operation is, sizes, strategies) and every strategy id.

    OPTIONS:
      -h, --help            Show this help
    """

  static let report = """
    USAGE: obsbench report RUN.json... [--out DIR] [--format LIST] [--labels A,B,...] [--force]

    Writes the reports of one or more runs. Runs that measured the same cases
    (this machine and that one, before and after a change) are shown side by side
    in report.html, and summary.md lists the significant changes from the first
    to the last; runs of different cases (separate suites) are merged into one.
    Three or more runs of the same cases (one per commit, say) also get a trend
    per suite: its headline case in each run, ratio to apple and ns/op with
    their 95% intervals.
    It never writes results.json: the inputs are the results.

    OPTIONS:
      --out DIR             Output folder (default Reports/report)
      --format LIST         Comma list of csv, md, html (default: these three),
                            github-action-benchmark, bencher, influx (the runs'
                            cases merged; influx writes every run at its own
                            timestamp)
      --labels LIST         A name per run, in the order of the files (default:
                            each file's folder, or its name when it is not
                            results.json); they name the columns and bars
      --force               Write into a folder that holds one of the inputs
                            (refused otherwise); the input itself is kept
      -h, --help            Show this help

    Exit status: 0 written, 64 bad input (missing or corrupt run, unwritable
    folder, an output folder holding an input without --force, a folder in use).
    """

  static let effects = """
    USAGE: obsbench effects RUN.json [--suite NAMES] [--choice NAMES] [--cases]

    What each strategy choice costs, from the effects the run stored. The eight
    core strategies are a 2x2x2 design (registrar lock|actor, scope thread|task,
    invalidation keypath|whole), so a choice is measured on matched pairs of
    strategies that differ in it alone: up to four per axis, and each +identity
    or +checked refinement against its base. Per pair, B's time over A's (median
    of per-round ratios, paired by pass and round) with its 95% interval; per
    scenario and size, the geometric mean over the pairs with a 95% interval
    (mean of the pairs' log ratios +- sqrt(sum of squared half-widths) / k). Pairs
    with a failed side or a median under the resolution are left out. Per suite:
    the geometric mean over its cases, the lowest and highest case, how many
    cases interact (the pairs disagree beyond chance: a contrast test, at most
    1% false positives per case), and where a side
    sends the most notifications per operation beyond the fewest any strategy
    needs, over the pairs whose sides differ. A file written before runs stored effects gets them derived on reading.

    OPTIONS:
      --suite NAMES         Comma list of suites (default: every suite with effects)
      --choice NAMES        Comma list of registrar, scope, invalidation, identity,
                            checked (default: all five)
      --cases               One line per scenario and size: the effect and its
                            interval, the pairs used, notifications where a side
                            sends more than needed, and each interaction
      -h, --help            Show this help

    Exit status: 0 printed, 64 bad input (missing or corrupt file, an unknown
    suite or choice, a run with no matched pair).
    """
}
