/// The help of `check`, the rules file's gate.
extension Usage {
  static let check = """
    USAGE: obsbench check RULES [RUN.json] [--format text|md] [--baseline RUN.json]
           obsbench check RULES RUN.json [RUN.json…] --suggest

    Checks a run against a rules file, one rule a line:
      lock-thread-keypath / apple on scopes/track-fire <= 0.25
      lock-thread-keypath on reads/untracked <= 5ns
      lock-thread-keypath on reads/untracked@1 allocs <= 0
      lock-* / apple on reads/tracked-obj* <= 0.5
    Grammar: STRATEGY [/ STRATEGY] on [SUITE/]SCENARIO[@SIZE] [METRIC] OP NUMBER[UNIT],
    OP one of <= < >= >, METRIC one of median (default, ns/op), allocs, bytes,
    notifications, instructions, retains, releases (the last three per op, from
    run --metric instructions). The
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
                            smallest ratio), rules that are no time gate in a run
                            turned into comments saying why, and each absolute
                            instructions rule's at the largest count + 2% (to
                            regenerate ci/rules.txt and ci/instructions.txt). A
                            rewritten rule's comment is the measurement, then the
                            note it had; other lines stay
      -h, --help            Show this help

    Exit status: 0 every rule holds, 1 a rule broke, 64 bad input (including a
    unit that does not fit its metric).
    """
}
