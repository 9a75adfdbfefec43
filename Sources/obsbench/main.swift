import BenchmarkKit
import Foundation

// jemalloc counts allocations only when it is the process's allocator; it is
// preloaded rather than linked, so that sanitizer builds of the package's tests
// never mix it with the sanitizer's allocator (see JemallocPreload).
do {
  try JemallocPreload.ensureLoaded()
} catch {
  FileHandle.standardError.write(Data("obsbench: \(error)\n".utf8))
  exit(64)
}

// A signal that ends obsbench ends the pass and callgrind children it waits
// for, which Foundation starts in process groups of their own. A callgrind
// child starts no process and dies with its parent, and the signal sources'
// dispatch thread would run inside its measured regions, where callgrind counts
// every thread: a count of 4 instructions per read once came out 6 instructions
// short over a whole stretch.
if CommandLine.arguments.dropFirst().first != CallgrindChild.command {
  ChildProcesses.forwardSignals()
}
// One line when a signal ends the command (a pass child's parent speaks for it):
// what stopped it, and that no output folder was left half-written.
if CommandLine.arguments.dropFirst().first != PassChild.command {
  ChildProcesses.endingLine = { signal, status in
    "obsbench: stopped by \(signal) (exit \(status)); children ended, scratch removed, no output folder half-written"
  }
}

// The executable only wires the process to the command line's logic, which
// lives in `Obsbench` so that tests can run it in-process.
exit(Obsbench.run(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard))
