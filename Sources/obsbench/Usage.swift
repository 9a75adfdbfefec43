/// The help texts of `obsbench` and its subcommands.
enum Usage {
  static let main = """
    obsbench — measures what state observation costs.

    USAGE: obsbench <command> [options]

    COMMANDS:
      run       Measure suites and write results.csv, results.json, summary.md, report.html
      profile   Show where one case's instructions per operation go, per strategy (callgrind)
      explain   Show where the difference between two strategies or two builds goes (callgrind)
      list      Show the suites, their scenarios and the strategy ids
      compare   Compare a run with a baseline run; exit 1 on a regression
      report    Write reports of one or more results.json files into a new folder
      check     Check a run against a rules file; exit 1 when a rule breaks
      coverage  How often a second run's figures fall in a first run's intervals
      effects   What each strategy choice costs in a run, per suite or per case

    Run 'obsbench <command> --help' for a command's options.
    Exit status: 0 success, 1 failed result (regression, broken rule, failed case
    or self-check), 64 bad input.
    """

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
                            explains up to 3 regressed cases by instructions
                            (valgrind). Exit 1 when a case regressed. --passes
                            counts each build's passes (at least 2)
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

  static let profile = """
    USAGE: obsbench profile SUITE/SCENARIO [--strategy IDS|all] [--size N] [--out DIR] [--top N]

    Runs one case per strategy under valgrind's callgrind and prints its instructions
    per operation by group (registrar, scope, store, alloc = malloc/free and
    retain/release, notify, harness = the loop, other = the workload and what was
    inlined into it), one row per strategy, then each strategy's top functions by
    self and by inclusive instructions per operation (demangled). Keeps each case's
    callgrind output file in DIR for callgrind_annotate or KCachegrind.

    OPTIONS:
      --strategy IDS        Comma list of strategy ids, or 'all' (default: all the
                            scenario supports)
      --size N              The size (default: the scenario's smallest quick size);
                            one the scenario takes ('obsbench list' shows the
                            range), checked before valgrind starts; a scenario
                            without sizes takes none
      --out DIR             Where the callgrind files go (default
                            Reports/latest/profile), locked as run locks its folder
      --top N               Functions listed per ranking (default 8)
      -h, --help            Show this help

    Exit status: 0 profiled, 1 a case's set-up failed, 64 bad input (unknown
    scenario or strategy, a size the scenario cannot take, valgrind missing, an
    output folder in use or unwritable).
    """

  static let explain = """
    USAGE: obsbench explain SUITE/SCENARIO BEFORE AFTER [--size N] [--top N]
           obsbench explain SUITE/SCENARIO STRATEGY --baseline-binary PATH [--binary PATH]
           obsbench explain SUITE/SCENARIO STRATEGY [AFTER] --before RUN --after RUN
           obsbench explain SUITE/SCENARIO BEFORE AFTER --profiles RUN

    Explains the change in instructions per operation between two profiles of one
    case: two strategies of this build; one strategy counted by two builds (the
    baseline binary before, this one or --binary after); or profiles kept by earlier
    'run --metric instructions' runs (RUN is a results.json, its folder, or the
    results-profiles.json kept beside it). Prints the total change, the change per
    group (registrar, scope, store, alloc, notify, harness, workload, other), each
    group's largest function changes, the functions that gained or lost most by
    self and by inclusive instructions (demangled, matched by name; specialisations
    renamed between builds matched without their specialisation), and new and
    vanished functions. Every figure comes from callgrind's whole-number counts:
    the groups sum exactly to the total and each group's functions to the group.

    OPTIONS:
      --size N              The size (default: the scenario's smallest quick size,
                            or the only size the kept profiles hold)
      --top N               Functions listed per ranking (default 8)
      --baseline-binary P   Count the case with the obsbench at P too: it is 'before'
      --binary P            Count 'after' with the obsbench at P instead of this one
      --before RUN          Kept profiles of the 'before' run
      --after RUN           Kept profiles of the 'after' run
      --profiles RUN        Kept profiles holding both strategies
      -h, --help            Show this help

    Exit status: 0 explained, 64 bad input (unknown case or strategy, missing or
    corrupt kept profiles, valgrind missing, a case that failed).
    """

  static let list = """
    USAGE: obsbench list

    Shows every suite (with its one-line summary and whether it runs by default),
    its scenarios (what one operation is, sizes, strategies) and every strategy id.

    OPTIONS:
      -h, --help            Show this help
    """

  static let compare = """
    USAGE: obsbench compare BASELINE.json CURRENT.json [--threshold PERCENT] [--allow-missing]
                            [--paired] [--format text|md|html|csv]

    Compares every case of CURRENT with the same case of BASELINE, beyond the
    machine factor (how much faster or slower the apple and none cases, which no
    change of this project touches, ran in CURRENT). Verdicts: regressed,
    improved, within-noise, not-enough-samples, unchanged, failed, missing,
    only-in-current. docs/REPORTS.md ("obsbench compare") says what each stage
    of the verdict asks and why, and what its test pins.

    OPTIONS:
      --threshold PERCENT   The change that counts, as a percentage above 0% and
                            below 1000%: 5% (default), 12.5%, .5%; a bare number
                            such as 0.5 or 5 is refused
      --instructions-threshold PERCENT
                            For cases both runs counted instructions of
                            (run --metric instructions): a count that grew by more
                            regressed (default 1%); exact counts need no noise test.
                            When both runs kept profiles (NAME-profiles.json beside
                            each NAME.json), each such regression is followed by
                            where its extra instructions went: the change per
                            group and the top three functions (obsbench explain)
      --allow-missing       Do not fail on baseline cases missing from CURRENT
      --paired              The two files are one A/B run's builds (run
                            --baseline-binary: baseline-results.json and
                            results.json): judged pass pair by pass pair, each
                            pair's shift of the apple and none cases divided
                            out, instead of by one machine factor
      --format FORMAT       text (default), md (what fails and improves, for a CI
                            job summary or a pull-request comment), html (a page)
                            or csv (every case and its verdict, for scripts)
      -h, --help            Show this help

    Exit status: 0 nothing fails; 1 a regression, a failed case, a change with
    too few samples to judge, or a missing case; 64 bad input (missing or
    corrupt file, runs with no case in common, a threshold that is no percentage).
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

  static let check = """
    USAGE: obsbench check RULES [RUN.json] [--format text|md] [--baseline RUN.json]
           obsbench check RULES RUN.json [RUN.json…] --suggest

    Checks a run against a rules file, one rule a line:
      lock-thread-keypath / apple on scopes/track-fire <= 0.25
      lock-thread-keypath on reads/untracked <= 5ns
      lock-thread-keypath on reads/untracked@1 allocs <= 0
      lock-* / apple on reads/tracked* <= 0.5
    Grammar: STRATEGY [/ STRATEGY] on [SUITE/]SCENARIO[@SIZE] [METRIC] OP NUMBER[UNIT],
    OP one of <= < >= >, METRIC one of median (default, ns/op), allocs, bytes,
    notifications, instructions (per op, from run --metric instructions). The
    first strategy and the scenario may be globs. A ratio
    divides by the second strategy at the same size and, for the median, is the
    median of per-round ratios of samples taken side by side, so it holds on
    machines whose speed drifts. UNIT must fit: ns on an absolute median, B on
    absolute bytes, x on a ratio, or none. A median under its case's resolution
    is a bound (< x) and is judged as one: it passes a <= rule above it, and a
    rule it cannot decide fails ("cannot judge"). '#' starts a comment. A rule
    that matches no case fails. Each failed rule is printed first. A relative
    median rule on a case that is no time gate across hosts (either side under
    10 ns, or a contention case) prints WARN and does not fail.

    OPTIONS:
      --results FILE        The run to check, instead of RUN.json
                            (default Reports/latest/results.json)
      --format FORMAT       text (default: one PASS/FAIL line per case) or md
                            (the broken rules, for a CI job summary)
      --baseline RUN.json   For a broken absolute instruction rule, explain the
                            change from this run's kept profile of the case (a
                            broken relative instruction rule is explained against
                            its reference strategy in RUN.json's own profiles)
      --suggest             Print RULES with each relative median <= rule's
                            bound set to 1.6x the largest upper end of the 95%
                            interval of the ratio over the runs (at most 1.9x the
                            largest ratio), rules that are no time gate in a run
                            turned into comments saying why, and each absolute
                            instructions rule's at the largest count + 2% (to
                            regenerate ci/rules.txt and ci/instructions.txt). A
                            rewritten rule's comment is the measurement, then the
                            note it had; other lines stay
      -h, --help            Show this help

    Exit status: 0 every rule holds, 1 a rule broke, 64 bad input (including a
    unit that does not fit its metric).
    """

  static let coverage = """
    USAGE: obsbench coverage A.json B.json [--minimum PERCENT] [--list]

    Checks that the intervals a run publishes are honest, from the figures each
    run published (as its reports print them). For every case measured in both
    runs: whether B's ratio to apple lies inside A's 95% interval of that ratio,
    and whether B's median lies inside A's 95% interval of the median (a case
    whose median is a bound in A is left out). Prints the shares per suite and
    in all; then how many of A's bounds (medians published as < x) lie below one
    of A's own pass medians, and A's sample counts: the fewest any case took in
    one pass, and the fewest, median and most per case. Make A and B back to
    back on the same machine and commit; run it both ways (B A) for both views.

    OPTIONS:
      --minimum PERCENT     Exit 1 when the ratios' or the medians' share covered
                            is below this, e.g. 85%
      --list                One line per case: in/OUT, ratio or median, A's
                            interval, B's value; and per bound of A: in/OUT, the
                            bound, A's pass medians
      -h, --help            Show this help

    Exit status: 0 measured (and both shares at least --minimum), 1 a share below
    --minimum, 64 bad input.
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
    cases interact (two pairs whose intervals do not overlap), and where a side
    sends the most notifications per operation beyond the fewest any strategy
    needs. A file written before runs stored effects gets them derived on reading.

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
