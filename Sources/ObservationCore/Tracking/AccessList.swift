import Glibc
import Synchronization

/// One object in an access list, and the field bits recorded on it.
public struct AccessEntry {
  /// Retained once by the list. In a scope's reads, the core of the registrars
  /// read (the reference passes to the observer on install); in a send's writes
  /// (`AccessList.recordWrite`), the registrar written.
  @usableFromInline let object: UnsafeMutableRawPointer
  @usableFromInline var mask: UInt64

  /// The object as the core of the registrars read.
  var core: Unmanaged<RegistrarCore> { .fromOpaque(object) }

  /// The object as the registrar written.
  var registrar: Unmanaged<RegistrarBase> { .fromOpaque(object) }

  /// Drops the list's reference to the object, whichever kind it is.
  func release() { Unmanaged<AnyObject>.fromOpaque(object).release() }
}

/// The reads one tracking scope has seen (public only as an opaque value that
/// scopes hand around; its members are not API): a growable array of (core, bits),
/// one entry per core of the registrars read.
///
/// A read records the registrar's core, not the registrar: the core is what the
/// observer links into and keeps, so the list's reference passes to it on
/// install (none taken and dropped again), and a model that dies while its read
/// is in the list leaves a core that is retired, never an address that a new
/// model could reuse. Registrars sharing a core (a replaced root and its
/// successor) share an entry.
///
/// Kept as a plain struct in manually managed memory so that recording a read
/// involves no reference counting of the list and no allocation after warm-up.
/// The hot path is a repeated read of an object of the core read last, which only
/// ORs a bit into its entry. A read of another object already in the list finds
/// its entry through the core's `listSlot` hint (checked against the entry, so a
/// hint left by another list or a stale one only costs an append); other reads
/// append. Duplicates (a hint overwritten by another scope meanwhile) are merged
/// on install and when the list would otherwise grow, so a scope still ends with
/// one entry per core. Sendable because a list has one owner at a time: a
/// thread, a locked task scope, or the observer being installed.
///
/// A send's list of the registrars it wrote (`ChangeList`) is the same structure
/// holding registrars (`recordWrite`), which must outlive the send even if the
/// state holding them is dropped: their observers still hear of the write.
public struct AccessList: @unchecked Sendable {
  @usableFromInline var base: UnsafeMutablePointer<AccessEntry>?
  @usableFromInline var count = 0
  @usableFromInline var capacity = 0
  /// The object recorded last, compared by address, and the index of its entry;
  /// `noneRecorded` when there is none (never a core's or a registrar's address).
  @usableFromInline var last: UnsafeMutableRawPointer? = AccessList.noneRecorded
  @usableFromInline var lastSlot = 0
  /// Whether the entries are registrars written (a send's list) rather than
  /// cores read; set while a send uses the list.
  var holdsRegistrars = false
  /// Links spare lists in a thread's pool.
  var nextFree: UnsafeMutablePointer<AccessList>?

  /// What `last` holds when nothing was recorded: an address no object has.
  @usableFromInline static var noneRecorded: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 1) }

  init() {}

  /// Records a read of the fields in `mask` on `registrar`.
  ///
  /// One load more than comparing the registrar's own address, and sound where
  /// that is not: the list does not keep the registrar alive, so its address may
  /// be a new model's by the next read; the core's cannot, while listed.
  @inlinable @inline(__always)
  mutating func record(_ registrar: RegistrarBase, _ mask: UInt64) {
    // Compared as integers: one compare, where comparing the optionals costs
    // branches for nil that keep a getter calling this from being inlined.
    let core = registrar.coreSlot.load(ordering: .relaxed)
    if UInt(bitPattern: core) == UInt(bitPattern: last) {
      base.unsafelyUnwrapped[lastSlot].mask |= mask
    } else {
      recordMoving(to: registrar, mask)
    }
  }

  /// A read of another core than the last one: its entry if the hint finds
  /// it, else a new entry; the core is made if the registrar has none yet.
  @usableFromInline @inline(never)
  mutating func recordMoving(to registrar: RegistrarBase, _ mask: UInt64) {
    record(core: registrar.linkingCore(), mask)
  }

  /// Records the fields in `mask` of the registrars of `core`.
  mutating func record(core: Unmanaged<RegistrarCore>, _ mask: UInt64) {
    core._withUnsafeGuaranteedRef { core in
      record(Unmanaged.passUnretained(core).toOpaque(), mask, hint: core.listSlot)
    }
  }

  /// Records a write of the fields in `mask` on `registrar`, holding the
  /// registrar: a send's list of writes.
  mutating func recordWrite(_ registrar: RegistrarBase, _ mask: UInt64) {
    record(Unmanaged.passUnretained(registrar).toOpaque(), mask, hint: registrar.listSlot)
  }

  /// ORs `mask` into the entry of `object` (the one recorded last, or the one
  /// `hint`, the object's own slot hint, points at), or appends one.
  private mutating func record(_ object: UnsafeMutableRawPointer, _ mask: UInt64, hint: borrowing Atomic<UInt32>) {
    if object == last {
      base.unsafelyUnwrapped[lastSlot].mask |= mask
      return
    }
    let slot = Int(hint.load(ordering: .relaxed))
    if slot < count, base.unsafelyUnwrapped[slot].object == object {
      base.unsafelyUnwrapped[slot].mask |= mask
      last = object
      lastSlot = slot
    } else {
      append(object, mask)
      if count <= Int(UInt32.max) { hint.store(UInt32(truncatingIfNeeded: count - 1), ordering: .relaxed) }
    }
  }

  /// The recorded entries.
  var entries: UnsafeMutableBufferPointer<AccessEntry> {
    UnsafeMutableBufferPointer(start: base, count: count)
  }

  /// Records every read of `other`, a scope's list, here: what an enclosing
  /// scope sees of an inner one, and what a memo replays.
  mutating func record(contentsOf other: AccessList) {
    for entry in other.entries { record(core: entry.core, entry.mask) }
  }

  /// Appends an entry for `object`, retaining it.
  private mutating func append(_ object: UnsafeMutableRawPointer, _ mask: UInt64) {
    if count == capacity { makeRoom() }
    _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
    (base! + count).initialize(to: AccessEntry(object: object, mask: mask))
    last = object
    lastSlot = count
    count += 1
  }

  private mutating func makeRoom() {
    if count >= 32 {
      mergeDuplicates()
      // Merging moved entries: point each object's hint at its entry again.
      for i in 0..<count {
        let slot = UInt32(truncatingIfNeeded: i)
        if holdsRegistrars {
          base![i].registrar._withUnsafeGuaranteedRef { $0.listSlot.store(slot, ordering: .relaxed) }
        } else {
          base![i].core._withUnsafeGuaranteedRef { $0.listSlot.store(slot, ordering: .relaxed) }
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

  /// Merges entries of the same object into one, dropping the extra references.
  ///
  /// - Complexity: O(n²) for the few entries scopes usually hold, O(n log n) past 16.
  ///
  /// The checks for nothing to merge are inlined: one entry, or two distinct
  /// ones (the common scope, reading through one store level).
  @inline(__always)
  mutating func mergeDuplicates() {
    guard count > 1, let base else { return }
    if count == 2 && base[0].object != base[1].object { return }
    mergeDuplicates(base)
  }

  @inline(never)
  private mutating func mergeDuplicates(_ base: UnsafeMutablePointer<AccessEntry>) {
    if count > 16 {
      var all = UnsafeMutableBufferPointer(start: base, count: count)
      all.sort { UInt(bitPattern: $0.object) < UInt(bitPattern: $1.object) }
      var kept = 0
      for i in 1..<count {
        if base[i].object == base[kept].object {
          base[kept].mask |= base[i].mask
          base[i].release()
        } else {
          kept += 1
          base[kept] = base[i]
        }
      }
      count = kept + 1
    } else {
      var kept = 0
      outer: for i in 0..<count {
        for j in 0..<kept where base[j].object == base[i].object {
          base[j].mask |= base[i].mask
          base[i].release()
          continue outer
        }
        base[kept] = base[i]
        kept += 1
      }
      count = kept
    }
    last = base[count - 1].object
    lastSlot = count - 1
  }

  /// Forgets the entries without releasing them: their references have moved.
  mutating func forgetEntries() {
    count = 0
    last = AccessList.noneRecorded
    lastSlot = 0
  }

  /// Drops the entries and their references.
  mutating func removeAll() {
    for entry in entries { entry.release() }
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
