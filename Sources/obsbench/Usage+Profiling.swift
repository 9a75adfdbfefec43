/// The help of the commands that count instructions under callgrind and explain them.
extension Usage {
  static let profile = """
    USAGE: obsbench profile SUITE/SCENARIO [--strategy IDS|all] [--size N] [--out DIR] [--top N]

    Runs one case per strategy under valgrind's callgrind and prints its instructions
    per operation by group (registrar, scope, store, alloc = malloc/free and
    retain/release, notify, harness = the loop, workload = the Benchmarks
    module's code and what the compiler inlined into it, other = the standard
    library, the runtime and libc, and the part of the region's count that
    callgrind's function lines miss), one row per strategy, then its calls per
    operation into the runtime's retains, releases and object allocation, then
    each strategy's top functions by self and by inclusive instructions per
    operation (demangled). Keeps each case's callgrind output file in DIR for
    callgrind_annotate or KCachegrind.

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
}
