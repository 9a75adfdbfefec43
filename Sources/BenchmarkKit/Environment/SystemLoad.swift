import Foundation

/// CPU time used by the whole machine and by this process, to tell how busy the
/// other processes kept the cores during a run.
///
/// On these shared machines a busy neighbour slows every operation alike (~1.7×
/// when the other core is busy), which interleaving cannot hide from absolute
/// numbers; the run records the neighbours' load so that a reader can discount
/// such a run, and the command line warns about it.
public struct SystemLoad: Sendable {
  /// Busy time of all cores (user, nice, system, irq, softirq, steal), in seconds.
  public var machineBusySeconds: Double
  /// Time the hypervisor ran something else while a core of this machine
  /// wanted to run (`steal`), in seconds over all cores.
  public var stealSeconds: Double = 0
  /// User and system time of this process and its waited-for children, in seconds.
  public var processSeconds: Double
  /// When the reading was taken, in monotonic nanoseconds.
  public var takenAt: UInt64

  /// The load now, or `nil` where `/proc/stat` is unavailable.
  public static func current() -> SystemLoad? {
    guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = stat.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") })
    else { return nil }
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    guard fields.count >= 8 else { return nil }
    // user nice system idle iowait irq softirq steal: everything but idle and iowait.
    let busyTicks = fields[0] + fields[1] + fields[2] + fields[5] + fields[6] + fields[7]
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    // This process and the children it waited for (the passes of a run) are the
    // run's own work, not background load.
    var own = 0.0
    #if canImport(Glibc)
    let whos = [__rusage_who_t(RUSAGE_SELF.rawValue), __rusage_who_t(RUSAGE_CHILDREN.rawValue)]
    #else
    let whos = [RUSAGE_SELF, RUSAGE_CHILDREN]
    #endif
    for who in whos {
      var usage = rusage()
      getrusage(who, &usage)
      own +=
        Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }
    return SystemLoad(
      machineBusySeconds: busyTicks / ticksPerSecond, stealSeconds: fields[7] / ticksPerSecond, processSeconds: own,
      takenAt: MonotonicClock.now())
  }

  /// How many cores, on average, the hypervisor took away since `earlier`.
  public func stealCores(since earlier: SystemLoad) -> Double {
    let wall = Double(takenAt &- earlier.takenAt) / 1e9
    guard wall > 0 else { return 0 }
    return max(0, (stealSeconds - earlier.stealSeconds) / wall)
  }

  /// How many cores, on average, other processes kept busy since `earlier`.
  public func backgroundCores(since earlier: SystemLoad) -> Double {
    let wall = Double(takenAt &- earlier.takenAt) / 1e9
    guard wall > 0 else { return 0 }
    let others = (machineBusySeconds - earlier.machineBusySeconds) - (processSeconds - earlier.processSeconds)
    return max(0, others / wall)
  }
}
