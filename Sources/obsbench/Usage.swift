/// The help texts of `obsbench` and its subcommands.
enum Usage {
  static let main = """
    obsbench — measures what state observation costs.

    USAGE: obsbench <command> [options]

    COMMANDS:
      run       Measure suites and write results.csv, results.json, summary.md, report.html
      list      Show the suites, their scenarios and the strategy ids
      compare   Compare a run with a baseline run; exit 1 on a regression
      report    Rewrite the reports of one or more results.json files
      check     Check a run against a rules file; exit 1 when a rule breaks

    Run 'obsbench <command> --help' for a command's options.
    Exit status: 0 success, 1 failed result (regression, broken rule, failed case
    or self-check), 64 bad input.
    """

  static let run = """
    USAGE: obsbench run [options]

    Measures every selected case: for each scenario and size it prepares the case of
    every selected strategy and samples them round-robin, so machine drift hits all
    strategies alike. Timings are nanoseconds per operation, loop overhead subtracted.

    OPTIONS:
      --suite NAMES         Comma list of suites (default: the default suites)
      --scenario PATTERNS   Comma list of scenario names or globs, e.g. 'track*' or
                            'reads/untracked' (default: all)
      --strategy IDS        Comma list of strategy ids, or 'all' (default: all)
      --sizes N,N,...       Sizes for every sized scenario (default: each scenario's own)
      --samples N           Samples per case (default 41; 31 with --quick)
      --time-budget SECONDS Time for the whole run, shared among the cases; a case
                            whose share is spent stops after 5 samples
                            (default 480; 40 with --quick)
      --quick               Quick sizes, fewer and shorter samples
      --out DIR             Output folder (default Reports/latest)
      --format LIST         Comma list of csv, json, md, html (default: all four)
      -h, --help            Show this help

    Progress goes to standard error; the paths written go to standard output. A
    run writes nothing until it has finished, and then replaces each file at once.
    Exit status: 0 success, 1 a case or self-check failed, 64 bad input.
    """

  static let list = """
    USAGE: obsbench list

    Shows every suite (with its one-line summary and whether it runs by default),
    its scenarios (what one operation is, sizes, strategies) and every strategy id.

    OPTIONS:
      -h, --help            Show this help
    """

  static let compare = """
    USAGE: obsbench compare BASELINE.json CURRENT.json [--threshold PERCENT]

    Compares the median of every case of CURRENT with the same case of BASELINE.
    A case regresses when it is slower by more than the threshold and by more than
    0.5 ns per operation, or when it failed in CURRENT.

    OPTIONS:
      --threshold VALUE     5%, 5 or 0.05 all mean five percent (default 5%)
      -h, --help            Show this help

    Exit status: 0 no regression, 1 regressions found, 64 bad input.
    """

  static let report = """
    USAGE: obsbench report RUN.json... [--out DIR] [--format LIST]

    Rewrites the reports of one or more runs; several runs are merged, a later
    run's case replacing an earlier one's.

    OPTIONS:
      --out DIR             Output folder (default: the folder of the first RUN.json)
      --format LIST         Comma list of csv, json, md, html (default: all four)
      -h, --help            Show this help
    """

  static let check = """
    USAGE: obsbench check RULES [--results RUN.json]

    Checks a run against a rules file, one rule a line:
      lock-thread-keypath / apple on scopes/track-fire <= 0.25
      lock-thread-keypath on reads/untracked <= 5ns
      none on reads/untracked@1000 allocs <= 0
    Grammar: STRATEGY [/ STRATEGY] on [SUITE/]SCENARIO[@SIZE] [METRIC] OP NUMBER,
    OP one of <= < >= >, METRIC one of median (default, ns/op), allocs, bytes,
    notifications. A ratio divides by the second strategy at the same size. '#'
    starts a comment. A rule that matches no case fails.

    OPTIONS:
      --results FILE        The run to check (default Reports/latest/results.json)
      -h, --help            Show this help

    Exit status: 0 every rule holds, 1 a rule broke, 64 bad input.
    """
}
