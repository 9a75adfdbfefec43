import Foundation

// The executable only wires the process to the command line's logic, which
// lives in `Obsbench` so that tests can run it in-process.
exit(Obsbench.run(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard))
