import ObservationCore
import Foundation
import Synchronization

/// Two observed integers, a computed sum, an observed array, an observed child
/// and an ignored field: the shapes Observation's own tests exercise.
final class Pair<S: ObservationStrategy>: ObservableModel {
  typealias Strategy = S
  let registrar = S.Registrar()

  private var _a = 0
  private var _b = 0
  private var _items: [Int] = []
  private var _child: Pair<S>?

  /// Ignored: a plain stored property, never observed.
  var note = ""

  init(a: Int = 0, b: Int = 0) {
    _a = a
    _b = b
  }

  var a: Int {
    get { access(0); return _a }
    set { let write = willSet(0); _a = newValue; didSet(write) }
  }

  var b: Int {
    get { access(1); return _b }
    set { let write = willSet(1); _b = newValue; didSet(write) }
  }

  var items: [Int] {
    get { access(2); return _items }
    set { let write = willSet(2); _items = newValue; didSet(write) }
  }

  var child: Pair<S>? {
    get { access(3); return _child }
    set { let write = willSet(3); _child = newValue; didSet(write) }
  }

  /// Computed: tracks what it reads.
  var sum: Int { a + b }

  /// The stored value of `a`, read without tracking (what `onChange` sees).
  var storedA: Int { _a }

  /// Appends in place, inside `withMutation`.
  func append(_ value: Int) {
    withMutation(of: 2) { _items.append(value) }
  }

  /// The address of the items buffer, to check that an in-place append did not copy.
  var itemsAddress: UnsafeRawPointer? {
    _items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  func reserveItems(_ n: Int) {
    _items.reserveCapacity(n)
  }
}

/// A thread-safe counter for `onChange` closures.
final class Count: Sendable {
  private let storage = Atomic<Int>(0)
  func bump() { storage.add(1, ordering: .relaxed) }
  var value: Int { storage.load(ordering: .relaxed) }
}

/// A thread-safe box for values `onChange` closures record.
///
/// Behind an `NSLock` rather than a `Mutex`: ThreadSanitizer sees pthread locks,
/// not the standard library's `Mutex`.
final class Recorder<T: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [T] = []
  func append(_ value: T) { lock.withLock { storage.append(value) } }
  var values: [T] { lock.withLock { storage } }
}
