/// One link between an observer and one field bit of one registrar.
///
/// An observer that read `k` field bits across its registrars owns `k` nodes in one
/// buffer. Each node sits in the registrar's list for its bit, so a mutation walks
/// only the observers of the field it wrote, and a fired or cancelled observer
/// unlinks each of its nodes in O(1).
///
/// `prev`, `next` and `isLinked` belong to the registrar and change only under its
/// protection (its lock, or its actor). `fireNext` belongs to the thread that
/// unlinked the node: it chains the nodes a mutation took, or a retired core
/// unlinked, until they are counted outside the protection.
struct ObserverNode {
  var prev: UnsafeMutablePointer<ObserverNode>?
  var next: UnsafeMutablePointer<ObserverNode>?
  var fireNext: UnsafeMutablePointer<ObserverNode>?
  /// The observer owning this node; it outlives every linked node of its own.
  let observer: Unmanaged<Observer>
  /// The core of the registrar this node links into. The first node of each run
  /// of nodes with the same core holds the observer's strong reference to it.
  let registrar: Unmanaged<RegistrarCore>
  let bit: UInt8
  /// The nodes of the run this node starts, itself included; 0 for the others.
  /// Set once the run is made, before the observer is linked.
  var runLength: UInt8 = 0
  var isLinked = false
}
