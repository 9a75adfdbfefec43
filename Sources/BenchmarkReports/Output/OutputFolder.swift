import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An output folder held by one `obsbench` process from before the first sample
/// until its files are in place, so that two runs into one folder never race and
/// the last to finish never silently wins.
///
/// The folder is checked but not created (``OutputPath``): a run stopped while
/// measuring leaves nothing behind. So the lock cannot live in the folder alone:
/// it is a Linux abstract socket named after the folder's resolved path, which
/// exists nowhere on disk and goes with the process however it ends, and, when
/// the folder exists, `flock(2)` on the folder as well. Both are taken without
/// waiting: a second process gets a ``ReportError`` at once (the command line
/// exits 64) and can be re-run when the first is done. Locking an existing
/// folder also completes or removes what an interrupted earlier writer left in
/// it (``StagedSet``).
public final class OutputFolder {
  /// The folder, as given.
  public let path: String
  private var descriptors = [Int32]()

  /// Checks that `path` is or can become a folder that takes files, without
  /// creating it, and locks it.
  ///
  /// - Throws: ``ReportError`` when the folder cannot be created or written, or
  ///   when another `obsbench` process holds it.
  public init(locking path: String) throws(ReportError) {
    let output = OutputPath(path)
    try output.validate()
    self.path = path
    let inUse = ReportError(
      "output folder \(path) is in use by another obsbench process; wait for it to finish or choose another --out")
    #if os(Linux)
    let socket = Self.bindAbstractSocket(named: Self.lockName(of: output.resolved))
    guard socket.descriptor >= 0 else {
      if socket.error == EADDRINUSE { throw inUse }
      throw ReportError("output folder \(path) cannot be locked: \(String(cString: strerror(socket.error)))")
    }
    descriptors.append(socket.descriptor)
    #endif
    guard output.missing.isEmpty else { return }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ReportError("output folder \(path) cannot be opened: \(Self.lastError)") }
    descriptors.append(descriptor)
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      if errno == EWOULDBLOCK { throw inUse }
      throw ReportError("output folder \(path) cannot be locked: \(Self.lastError)")
    }
    StagedSet.recoverLeftovers(in: path)
  }

  deinit {
    for descriptor in descriptors { close(descriptor) }
  }

  /// Creates the folder and its missing parents, once there is something to
  /// write into it (``ReportWriter`` does this itself).
  ///
  /// - Throws: ``ReportError`` when they cannot be created.
  public func create() throws(ReportError) {
    try OutputPath(path).create()
  }

  /// Checks that `path` is or can become a writable folder, creating nothing.
  ///
  /// - Throws: ``ReportError`` naming the folder, and the ancestor in the way
  ///   when there is one.
  public static func validate(_ path: String) throws(ReportError) {
    try OutputPath(path).validate()
  }

  /// The lock's name for a resolved folder path: two 64-bit FNV-1a hashes, so
  /// any path fits a socket name.
  static func lockName(of resolved: String) -> String {
    func fnv1a(_ basis: UInt64) -> UInt64 {
      resolved.utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }
    let hex = [fnv1a(0xcbf2_9ce4_8422_2325), fnv1a(0x8422_2325_cbf2_9ce4)].map {
      String($0, radix: 16).leftPadded(to: 16)
    }
    return "obsbench-out-" + hex.joined()
  }

  #if os(Linux)
  /// A socket bound to `name` in Linux's abstract namespace, or the error.
  private static func bindAbstractSocket(named name: String) -> (descriptor: Int32, error: Int32) {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return (-1, errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(name.utf8)
    // A leading NUL puts the name in the abstract namespace: nothing on disk.
    withUnsafeMutableBytes(of: &address.sun_path) { path in
      path[0] = 0
      for (index, byte) in bytes.enumerated() { path[index + 1] = byte }
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0 else {
      let error = errno
      close(descriptor)
      return (-1, error)
    }
    return (descriptor, 0)
  }
  #endif

  private static var lastError: String { String(cString: strerror(errno)) }
}

extension String {
  /// The string with zeros before it up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
