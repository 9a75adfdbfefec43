#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// jemalloc's control functions, found at run time in the running process.
///
/// BenchmarkKit does not link jemalloc: a library linked into every binary that
/// uses BenchmarkKit would also be linked into the package's test bundle, where a
/// sanitizer's `malloc` and jemalloc's `operator new` then meet and crash. Only
/// a process that runs with jemalloc as its allocator (`obsbench`, through
/// ``JemallocPreload``) finds these functions; anywhere else allocations are
/// reported as unavailable.
struct Jemalloc: Sendable {
  typealias Control = @convention(c) (
    UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
  ) -> Int32
  typealias NameToMIB = @convention(c) (
    UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int>?
  ) -> Int32
  typealias ControlByMIB = @convention(c) (
    UnsafePointer<Int>?, Int, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int
  ) -> Int32

  /// `MALLCTL_ARENAS_ALL` of `<jemalloc/jemalloc.h>`: the pseudo-arena that sums
  /// all arenas (stable since jemalloc 4.5).
  static let allArenas = 4096

  let control: Control
  let nameToMIB: NameToMIB
  let controlByMIB: ControlByMIB

  /// The functions of the jemalloc serving this process, or `nil` if none is loaded.
  static let loaded: Jemalloc? = {
    guard let process = dlopen(nil, RTLD_NOW) else { return nil }
    guard let control = dlsym(process, "mallctl"),
      let nameToMIB = dlsym(process, "mallctlnametomib"),
      let controlByMIB = dlsym(process, "mallctlbymib")
    else { return nil }
    return Jemalloc(
      control: unsafeBitCast(control, to: Control.self),
      nameToMIB: unsafeBitCast(nameToMIB, to: NameToMIB.self),
      controlByMIB: unsafeBitCast(controlByMIB, to: ControlByMIB.self))
  }()
}
