import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An output folder held by one `obsbench` process: created, checked writable and
/// locked before the first sample, so that two runs into the same folder never
/// race and the last to finish never silently wins.
///
/// The lock is `flock(2)` on the folder itself, taken without waiting: a second
/// process gets a ``ReportError`` at once (the command line exits 64) and can be
/// re-run when the first is done. It is released when the value is freed or the
/// process ends, however it ends. Taking the lock also removes what an
/// interrupted earlier writer left behind (see ``ReportWriter``).
public final class OutputFolder {
  /// The folder, as given.
  public let path: String
  private let descriptor: Int32

  /// Creates `path` if needed, checks that files can be written into it, and locks it.
  ///
  /// - Throws: ``ReportError`` when the folder cannot be created or written, or
  ///   when another `obsbench` process holds it.
  public init(locking path: String) throws(ReportError) {
    try ReportWriter.prepare(directory: path)
    // The folder is swapped for a new one when a run's files go in: after taking
    // the lock, make sure it is on the folder that is there now, not on one a
    // finishing run just swapped out.
    for _ in 0..<8 {
      let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { throw ReportError("output folder \(path) cannot be opened: \(Self.lastError)") }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
        let reason = errno
        close(descriptor)
        if reason == EWOULDBLOCK {
          throw ReportError(
            "output folder \(path) is in use by another obsbench process; wait for it to finish or choose another --out")
        }
        throw ReportError("output folder \(path) cannot be locked: \(String(cString: strerror(reason)))")
      }
      var held = stat()
      var current = stat()
      if fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino,
        held.st_dev == current.st_dev
      {
        self.path = path
        self.descriptor = descriptor
        ReportWriter.removeLeftovers(of: path)
        return
      }
      close(descriptor)
    }
    throw ReportError("output folder \(path) keeps being replaced by another obsbench process")
  }

  deinit {
    close(descriptor)
  }

  private static var lastError: String { String(cString: strerror(errno)) }
}
