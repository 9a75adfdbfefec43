extension UnsafeMutablePointer {
  /// Calls `body` with the pointee lent without a copy: moved out, passed to
  /// `body`, moved back.
  ///
  /// Passing `pointee` to a closure copies it, because the closure might write
  /// the memory meanwhile for all the caller can tell: one retain and one release
  /// per reference the value holds (five of each for a list state, the largest
  /// part of a row store's read). A move is a bitwise copy.
  ///
  /// Only with exclusive access to the memory (a store's guard held), and `body`
  /// must not reach the memory itself: it is uninitialised while `body` runs.
  @inlinable @inline(__always)
  func withPointeeLent<R>(_ body: (Pointee) -> R) -> R {
    let value = move()
    let result = body(value)
    // Consumed, not copied: a copy would bring back the retains the move saves.
    initialize(to: consume value)
    return result
  }
}
