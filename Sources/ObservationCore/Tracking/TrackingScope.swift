/// Where a tracking scope collects the reads it sees while its closure runs.
///
/// The `thread` and `task` of strategy ids. The two differ in cost and in meaning:
/// a thread-local scope sees only reads made on the thread that opened it, a
/// task-local one follows its task across suspension points and threads.
public protocol TrackingScope: Sendable {
  /// The id used in strategy ids: `thread` or `task`.
  static var id: String { get }

  /// Whether the scope follows its task across suspension points, so that
  /// `withTracking` may take an `async` closure (`task`), rather than seeing only
  /// the reads of the thread that opened it (`thread`).
  static var followsTasks: Bool { get }

  /// Records a read of the fields in `mask` on `registrar` in the innermost open
  /// scope; does nothing when no scope is open.
  static func record(_ registrar: RegistrarBase, _ mask: UInt64)

  /// Records every read of `reads`, another scope's list, in the innermost open
  /// scope; does nothing when no scope is open. What a memo replays.
  static func record(contentsOf reads: AccessList)

  /// `record` for the `+checked` strategies: a read with no scope open made in a
  /// render is noted as an untracked access of `field` of `model`'s type
  /// (Diagnostics/TrackingScope+Checked.swift).
  static func recordChecked<Model: AnyObject>(
    _ registrar: RegistrarBase, _ mask: UInt64, model: Model, field: ObservedField)

  /// Whether a scope is open on this thread (or task), so that a read would be
  /// recorded: lets a caller with many reads to replay skip them all at once.
  static var isRecording: Bool { get }

  /// Runs `body` in a fresh scope that records its reads into `list` (empty, or
  /// with entries to add to) for the caller only: they are neither installed nor
  /// added to an enclosing scope. The list holds a reference to the core of
  /// each registrar read; its storage is reused, so a caller that keeps one list allocates once.
  static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T

  /// Runs `apply` with a scope open, then installs one observer for every read it
  /// recorded. The reads are also added to the enclosing scope, if any.
  static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @autoclosure () -> @Sendable () -> Void
  ) throws(E) -> Tracking<T>
}
