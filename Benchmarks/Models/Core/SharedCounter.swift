import ObservationCore
import Synchronization

/// A core model written by several threads at once: atomic storage, so that the
/// registrar is what contention exercises.
public final class SharedCounter<S: ObservationStrategy>: ObservableModel, @unchecked Sendable {
  public typealias Strategy = S
  public let registrar = S.Registrar()
  @usableFromInline let storage = Atomic<Int>(0)

  public init() {}

  public var value: Int {
    access(0)
    return storage.load(ordering: .relaxed)
  }

  /// Adds one, notifying the observers of `value`.
  public func increment() {
    let write = willSet(0)
    storage.add(1, ordering: .relaxed)
    didSet(write)
  }
}
