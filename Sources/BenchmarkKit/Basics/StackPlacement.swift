import CBenchmarkSupport

/// Where on the stack a sample runs: one of a few placements spread over a
/// page, each moving the stack pointer by a different amount before the timed
/// call.
///
/// A loop's speed can depend on where its frames land (4 KiB aliasing between
/// a stack slot and a heap object, a frame that straddles a cache line), and a
/// process keeps one placement for all its samples: each pass (a process of
/// its own) draws one, so a case can look 5% slower in one pass for no reason
/// the code has. Moving the stack per sample (as criterion and tango do) turns
/// that into spread within a pass, which the medians average over and
/// ``PlacementEffect`` measures.
public enum StackPlacement {
  /// The most placements a run may ask for: 64, a cache line apart over a page.
  public static let maximumPlacements = 64

  /// The stack offset in bytes of placement `index` of `count`: the page split
  /// into `count` equal parts, plus 16 bytes per index modulo 4 so that the
  /// placements also differ in their position within a 64-byte cache line.
  public static func offset(placement index: Int, of count: Int) -> Int {
    precondition(count >= 1 && count <= maximumPlacements && index >= 0 && index < count)
    let step = (4096 / count) & ~15
    return index * step + 16 * (index % 4)
  }

  /// Runs `body` with the stack moved down by `bytes` (a multiple of 16 below
  /// 4 KiB), on this thread: C's `alloca` makes the room, since Swift's
  /// temporary allocation moves buffers over 1 KiB to the heap.
  @inline(never)
  public static func run(offsetBy bytes: Int, _ body: () -> Void) {
    guard bytes > 0 else { return body() }
    withoutActuallyEscaping(body) { body in
      var call = body
      withUnsafeMutablePointer(to: &call) { pointer in
        obsbench_with_stack_offset(
          UInt64(bytes),
          { context in
            context!.assumingMemoryBound(to: (() -> Void).self).pointee()
          }, pointer)
      }
    }
  }

  /// The placements of one group's samples in one pass: each sample's drawn
  /// at random from `count`, the same for the same seed.
  public struct Draw {
    let count: Int
    var generator: SplitMix64

    public init(count: Int, seed: UInt64) {
      self.count = count
      generator = SplitMix64(seed: seed)
    }

    /// The next sample's stack offset, in bytes.
    public mutating func next() -> Int {
      StackPlacement.offset(placement: generator.nextIndex(below: count), of: count)
    }
  }
}
