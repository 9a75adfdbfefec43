import Glibc
import Synchronization

/// One registrar read in a scope, and the field bits read on it.
public struct AccessEntry {
  /// Retained once by the list; the reference passes to the observer on install.
  @usableFromInline let registrar: Unmanaged<RegistrarBase>
  @usableFromInline var mask: UInt64
}

/// The reads one tracking scope has seen (public only as an opaque value that
/// scopes hand around; its members are not API): a growable array of (registrar, bits).
///
/// Kept as a plain struct in manually managed memory so that recording a read
/// involves no reference counting of the list and no allocation after warm-up.
/// The hot path is a repeated read of the object read last, which only ORs a bit
/// into its entry. A read of another object already in the list finds its entry
/// through the registrar's `listSlot` hint (checked against the entry, so a hint
/// left by another list or a stale one only costs an append); other reads
/// append. Duplicates (a hint overwritten by another scope meanwhile) are merged
/// on install and when the list would otherwise grow, so a scope still ends with
/// one entry per registrar. Sendable because a list has one owner at a time: a
/// thread, a locked task scope, or the observer being installed.
public struct AccessList: @unchecked Sendable {
  @usableFromInline var base: UnsafeMutablePointer<AccessEntry>?
  @usableFromInline var count = 0
  @usableFromInline var capacity = 0
  /// The registrar read last, compared by identity, and the index of its entry.
  @usableFromInline var last: UnsafeMutableRawPointer?
  @usableFromInline var lastSlot = 0
  /// Links spare lists in a thread's pool.
  var nextFree: UnsafeMutablePointer<AccessList>?

  init() {}

  /// Records a read of the fields in `mask` on `registrar`.
  @inlinable @inline(__always)
  mutating func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    let me = Unmanaged.passUnretained(registrar).toOpaque()
    if me == last {
      base.unsafelyUnwrapped[lastSlot].mask |= mask
    } else {
      recordMoving(to: registrar, me, mask)
    }
  }

  /// A read of another registrar than the last one: its entry if the hint finds
  /// it, else a new entry.
  @usableFromInline @inline(never)
  mutating func recordMoving(to registrar: RegistrarBase, _ me: UnsafeMutableRawPointer, _ mask: UInt64) {
    let slot = Int(registrar.listSlot.load(ordering: .relaxed))
    if slot < count, base.unsafelyUnwrapped[slot].registrar.toOpaque() == me {
      base.unsafelyUnwrapped[slot].mask |= mask
      last = me
      lastSlot = slot
    } else {
      append(registrar, mask)
    }
  }

  /// The recorded entries.
  var entries: UnsafeMutableBufferPointer<AccessEntry> {
    UnsafeMutableBufferPointer(start: base, count: count)
  }

  @usableFromInline
  mutating func append(_ registrar: RegistrarBase, _ mask: UInt64) {
    append(Unmanaged.passUnretained(registrar).retain(), mask)
  }

  /// Appends every entry of `other`, taking a reference of its own to each
  /// registrar (an outer scope sees what its inner scopes read).
  mutating func append(contentsOf other: AccessList) {
    for entry in other.entries {
      append(entry.registrar.retain(), entry.mask)
    }
  }

  private mutating func append(_ retained: Unmanaged<RegistrarBase>, _ mask: UInt64) {
    if count == capacity { makeRoom() }
    (base! + count).initialize(to: AccessEntry(registrar: retained, mask: mask))
    if count < Int(UInt32.max) {
      retained._withUnsafeGuaranteedRef { $0.listSlot.store(UInt32(truncatingIfNeeded: count), ordering: .relaxed) }
    }
    last = retained.toOpaque()
    lastSlot = count
    count += 1
  }

  private mutating func makeRoom() {
    if count >= 32 {
      mergeDuplicates()
      // Merging moved entries: point each registrar's hint at its entry again.
      for i in 0..<count {
        base![i].registrar._withUnsafeGuaranteedRef {
          $0.listSlot.store(UInt32(truncatingIfNeeded: i), ordering: .relaxed)
        }
      }
      if count <= capacity / 2 { return }
    }
    let newCapacity = max(8, capacity * 2)
    let newBase = UnsafeMutablePointer<AccessEntry>(
      OpaquePointer(realloc(base.map(UnsafeMutableRawPointer.init), newCapacity * MemoryLayout<AccessEntry>.stride))
    )
    precondition(newBase != nil, "out of memory for an access list")
    base = newBase
    capacity = newCapacity
  }

  /// Merges entries of the same registrar into one, dropping the extra references.
  ///
  /// - Complexity: O(n²) for the few entries scopes usually hold, O(n log n) past 16.
  ///
  /// The checks for nothing to merge are inlined: one entry, or two distinct
  /// ones (the common scope, reading through one store level).
  @inline(__always)
  mutating func mergeDuplicates() {
    guard count > 1, let base else { return }
    if count == 2 && base[0].registrar.toOpaque() != base[1].registrar.toOpaque() { return }
    mergeDuplicates(base)
  }

  @inline(never)
  private mutating func mergeDuplicates(_ base: UnsafeMutablePointer<AccessEntry>) {
    if count > 16 {
      var all = UnsafeMutableBufferPointer(start: base, count: count)
      all.sort {
        UInt(bitPattern: $0.registrar.toOpaque()) < UInt(bitPattern: $1.registrar.toOpaque())
      }
      var kept = 0
      for i in 1..<count {
        if base[i].registrar.toOpaque() == base[kept].registrar.toOpaque() {
          base[kept].mask |= base[i].mask
          base[i].registrar.release()
        } else {
          kept += 1
          base[kept] = base[i]
        }
      }
      count = kept + 1
    } else {
      var kept = 0
      outer: for i in 0..<count {
        for j in 0..<kept where base[j].registrar.toOpaque() == base[i].registrar.toOpaque() {
          base[j].mask |= base[i].mask
          base[i].registrar.release()
          continue outer
        }
        base[kept] = base[i]
        kept += 1
      }
      count = kept
    }
    last = base[count - 1].registrar.toOpaque()
    lastSlot = count - 1
  }

  /// Forgets the entries without releasing them: their references have moved.
  mutating func forgetEntries() {
    count = 0
    last = nil
    lastSlot = 0
  }

  /// Records every entry again in the innermost open scope of `Scope`.
  func replay<Scope: TrackingScope>(into _: Scope.Type) {
    for entry in entries {
      entry.registrar._withUnsafeGuaranteedRef { Scope.record($0, entry.mask) }
    }
  }

  /// Drops the entries and their references.
  mutating func removeAll() {
    for entry in entries { entry.registrar.release() }
    forgetEntries()
  }

  /// Frees the storage; the list must be empty.
  mutating func deallocate() {
    precondition(count == 0, "deallocating an access list that still holds references")
    free(base)
    base = nil
    capacity = 0
  }
}
