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
}
