/// A tracking scope that records nothing: every read is unobserved, every
/// `withTracking` runs its closure and installs no observer.
///
/// The scope of ``StoreFloor``: with no reads recorded, no registrar is ever
/// watched, so every write takes the registrar's unwatched path and no
/// observer exists to notify. What a store then costs is its own routing.
public enum UnobservedScope: TrackingScope {
  public static var id: String { "unobserved" }

  public static var followsTasks: Bool { false }

  @inlinable @inline(__always)
  public static func record(_ registrar: RegistrarBase, _ mask: UInt64) {}

  public static func record(contentsOf reads: AccessList) {}

  public static func recordChecked<Model: AnyObject>(
    _ registrar: RegistrarBase, _ mask: UInt64, model: Model, field: ObservedField
  ) {}

  @inlinable
  public static var isRecording: Bool { false }

  public static func collectReads<T>(into list: inout AccessList, _ body: () -> T) -> T {
    body()
  }

  public static func withTracking<T, E: Error>(
    _ apply: () throws(E) -> T,
    persistent: Bool,
    onChange: @autoclosure () -> @Sendable () -> Void
  ) throws(E) -> Tracking<T> {
    Tracking(value: try apply(), token: ObservationToken(nil))
  }
}
