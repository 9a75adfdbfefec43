import Synchronization

/// Receives each untracked-access site once, the first time it is read.
///
/// Pluggable so that an app can route warnings to its own log and tests can count
/// them. Called outside any lock of the core, on the reading thread.
public protocol UntrackedAccessReporter: Sendable {
  /// Reports the first read of a site.
  func report(_ access: UntrackedAccess)
}

/// Writes one line per site to standard error: the default reporter.
public struct StandardErrorReporter: UntrackedAccessReporter {
  /// Creates the reporter.
  public init() {}

  /// Writes `access`'s description to standard error.
  public func report(_ access: UntrackedAccess) {
    var line = "\(access)\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }
}

/// Keeps every report, for tests: thread-safe.
public final class CollectingReporter: UntrackedAccessReporter {
  private let collected = Mutex<[UntrackedAccess]>([])

  /// Creates an empty reporter.
  public init() {}

  /// Appends `access`.
  public func report(_ access: UntrackedAccess) {
    collected.withLock {
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      $0.append(access)
    }
  }

  /// The reports so far, in arrival order.
  public var reports: [UntrackedAccess] {
    collected.withLock {
      SanitizerHooks.acquire(self)
      defer { SanitizerHooks.release(self) }
      return $0
    }
  }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
