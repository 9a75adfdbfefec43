/// The help of `run`, the command that measures.
extension Usage {
  static let run = """
    USAGE: obsbench run [options]

    Measures every selected case: for each scenario and size it prepares the case of
    every selected strategy and samples them round-robin, so machine drift hits all
    strategies alike. Timings are nanoseconds per operation, the harness's own loop
    cost subtracted; a time under what the run can resolve for its case is published
    as an upper bound ('< 0.4 ns'), never as a number.

    OPTIONS:
      --suite NAMES         Comma list of suites (default: the default suites)
      --scenario PATTERNS   Comma list of scenario names or globs, e.g. 'track*' or
                            'reads/untracked' (default: all)
      --strategy IDS        Comma list of strategy ids, or 'all' (default: all); a
                            scenario skips the ones it does not support, in one
                            note line ('harness' is the selfcheck suite's id)
      --sizes N,N,...       Sizes for every sized scenario (default: each scenario's
                            own). A size a scenario cannot take ('obsbench list'
                            shows the range) is an error when one sized scenario
                            is selected; with several, that scenario skips it, in
                            one note line
      --rules FILE          Only the selected cases the rules of FILE judge (a
                            check rules file; a ratio rule's reference strategy
                            too): scripts/ci-instructions counts its gates' cases
      --samples N           At most N samples per case (1 to 100000; default 41,
                            31 with --quick), at most its share of them in each
                            pass and never fewer than 3 per pass; beyond 3,
                            samples go to the cases whose median is known least
                            precisely; fewer than 3 per pass make fewer passes
                            (unless --passes is given: then too few is an error)
      --passes N            Measure the whole selection N times over (1 to 20,
                            default 4), each pass in a process of its own on
                            freshly prepared cases: the spread between passes is
                            what a rerun would show, and intervals include it.
                            Given, it raises the default samples to 3 a pass
      --time-budget SECONDS Time for the whole run; what is left is shared among
                            the passes and cases still to come. Set-up,
                            calibration and 3 samples per case and pass are never
                            cut short: a run that overruns says so (default 480;
                            40 with --quick)
      --stack-placements K  Run each sample with the stack moved to one of K
                            placements over a page (2 to 64), drawn at random:
                            a case whose speed hangs on where its frames land
                            varies within a pass instead of between passes, and
                            results.json and summary.md say which cases moved
                            with placement beyond their noise (default: off)
      --seed N              Repeat a run's shuffled orders and bootstraps (its
                            results.json records the seed; default: a new one)
      --quick               Quick sizes, fewer and shorter samples
      --out DIR             Output folder (default Reports/latest)
      --format LIST         Comma list of csv, json, md, html (default: these four)
                            and the exports to trend stores: github-action-benchmark
                            (github-action-benchmark.json), bencher (bencher.json,
                            Bencher Metric Format), influx (influx.lp, InfluxDB
                            line protocol); see docs/REPORTS.md
      --inject-fault NAME   Build a defect into the harness on purpose, to show that
                            'run --suite selfcheck' catches it: unrolling-ignored or
                            reference-shape-ignored. Never for real runs.
      --baseline-binary PATH
                            A/B run: measure the same selection with the obsbench
                            at PATH too, in alternating passes (A B B A, each a
                            process of its own, the same order and iteration
                            counts), and judge this build against it pass pair by
                            pass pair (as 'compare --paired'); writes the
                            baseline's run as baseline-results.json and the
                            verdict as ab.md, prints it on standard error, and
                            counts up to 8 regressed cases on both builds under
                            valgrind (explaining the 3 largest): one that ran
                            exactly the same instructions on both is placement,
                            listed but not gated. Exit 1 when a case regressed.
                            --passes counts each build's passes (at least 2)
      --threshold PERCENT   The change an A/B verdict counts (default 5%)
      --metric LIST         time (default), instructions, or time,instructions.
                            instructions runs the cases under valgrind's callgrind
                            (Debian package valgrind) and reports instructions_per_op:
                            exact and repeatable, counted over the measured region on
                            every thread, the loop's own instructions removed, each
                            case in a process of its own (its count does not depend
                            on what else is selected). Cases that need parallel
                            threads (contention) are skipped.
      -h, --help            Show this help

    Progress goes to standard error (where it is not a terminal, a plain line at
    least every 10 s); the paths written go to standard output. The
    output folder is locked for the whole run: a second run into it stops at once
    with exit 64. A run creates and writes nothing until it has finished, then
    replaces the folder's files with its own set: files of formats it did not
    write are removed, files obsbench never writes are kept (docs/REPORTS.md).
    Environment: OBSBENCH_JEMALLOC=off runs without jemalloc (allocations not
    counted), =/path/libjemalloc.so.2 picks the library; a path that does not
    load is bad input.
    Exit status: 0 success, 1 a case or self-check failed (or, in an A/B run, a
    case regressed), 64 bad input (also:
    the output folder is in use by another run, or valgrind missing or unusable
    for --metric instructions).
    """
}
