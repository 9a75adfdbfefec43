/// The help of the commands that judge one run against another.
extension Usage {
  static let compare = """
    USAGE: obsbench compare BASELINE.json CURRENT.json [--threshold PERCENT] [--allow-missing]
                            [--paired] [--all] [--format text|md|html|csv]

    Compares every case of CURRENT with the same case of BASELINE, beyond the
    machine factor (how much faster or slower the apple and none cases, which no
    change of this project touches, ran in CURRENT). Verdicts: regressed,
    improved, within-noise, not-enough-samples, unchanged, failed, missing,
    only-in-current; a change of a case the gate does not judge by time prints
    as slower (or faster), not gated. Every judged row says the smallest change
    it could have seen (detects). docs/REPORTS.md ("obsbench compare") says what
    each stage of the verdict asks and why, and what its test pins.

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
      --all                 Text: list every case, not only those that are not
                            unchanged or within noise
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

  static let coverage = """
    USAGE: obsbench coverage A.json B.json [--minimum PERCENT] [--list]

    Checks that the intervals a run publishes are honest, from the figures each
    run published (as its reports print them). For every case measured in both
    runs: whether B's ratio to apple lies inside A's 95% interval of that ratio,
    and whether B's median lies inside A's 95% interval of the median (a case
    whose median is a bound in A is left out). Prints the shares per suite and
    in all; each suite's machine shift (B's medians over A's: the whole machine
    moving between runs, which ratios cancel and no interval claims to hold)
    and the medians covered with it divided out; the intervals' median
    half-span, for ratios and medians; how many of A's bounds (medians
    published as < x) lie below one of A's own pass medians, and A's sample
    counts: the fewest any case took in one pass, and the fewest, median and
    most per case. Make A and B back to back on the same machine and commit;
    run it both ways (B A) for both views.

    OPTIONS:
      --minimum PERCENT     Exit 1 when the share of ratios covered, or of
                            medians covered with the machine shift divided out
                            (what each interval claims), is below this, e.g. 85%
      --list                One line per case: in/OUT, ratio or median, A's
                            interval, B's value; and per bound of A: in/OUT, the
                            bound, A's pass medians
      -h, --help            Show this help

    Exit status: 0 measured (and both claimed shares at least --minimum), 1 a
    share below --minimum, 64 bad input.
    """
}
