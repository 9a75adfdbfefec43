import Glibc

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
/// into the last entry. Other reads append; duplicates are merged on install (and
/// when the list would otherwise grow), so a scope alternating between objects
/// still ends with one entry per registrar. Sendable because a list has one owner
/// at a time: a thread, a locked task scope, or the observer being installed.
public struct AccessList: @unchecked Sendable {
  @usableFromInline var base: UnsafeMutablePointer<AccessEntry>?
  @usableFromInline var count = 0
  @usableFromInline var capacity = 0
  /// The registrar of `base[count - 1]`, compared by identity.
  @usableFromInline var last: UnsafeMutableRawPointer?
  /// Links spare lists in a thread's pool.
  var nextFree: UnsafeMutablePointer<AccessList>?

  init() {}

  /// Records a read of the fields in `mask` on `registrar`.
  @inlinable @inline(__always)
  mutating func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    if Unmanaged.passUnretained(registrar).toOpaque() == last {
      base.unsafelyUnwrapped[count &- 1].mask |= mask
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
    count += 1
    last = retained.toOpaque()
  }

  private mutating func makeRoom() {
    if count >= 32 {
      mergeDuplicates()
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
  mutating func mergeDuplicates() {
    guard count > 1, let base else { return }
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
  }

  /// Forgets the entries without releasing them: their references have moved.
  mutating func forgetEntries() {
    count = 0
    last = nil
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
