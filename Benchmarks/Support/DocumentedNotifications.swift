import ObservationCore

/// Notifications per operation as each side's documentation promises them,
/// written in one place from the documented rules rather than read off the
/// core's code, and checked for every side that observes, `apple` included.
///
/// A case whose count differs from these fails (`PreparedCase.expected`), so a
/// strategy that drifts from its documented semantics is caught even where its
/// own tests were written to match it. Each rule says where it comes from.
enum DocumentedNotifications {
  /// The documented rules that decide which observers a change reaches.
  enum Rules: Equatable, Sendable {
    /// Swift's Observation (SE-0395 and `withObservationTracking`'s
    /// documentation): a tracking registers the properties its closure read, of
    /// the objects it read them of, and calls `onChange` once, on the first
    /// `willSet` of any of them, then is cancelled. A re-armed observer so fires
    /// once per mutation of a property it read (`rows` changed in place is one
    /// `_modify`: one `willSet`), and a row object that is not itself mutated
    /// tells no one, whatever happens to the array holding it.
    case apple
    /// Observation's granularity applied to value-type state (the core's
    /// `keypath`, as Apple's macro treats a struct property): reading a row
    /// through `rows` reads `rows`, so any change of `rows`' value reaches every
    /// reader of it. `whole` reaches every observer of the store, which here is
    /// the same set: every observer of these workloads read `rows`.
    case value
    /// TCA's identity rules (`ObservableState`'s `_$id`, the `+identity`
    /// strategies): a child that keeps its identity does not notify the
    /// observers of its parent's field; a change of a row reaches that row's
    /// observers, a change of which rows there are (or their order) reaches the
    /// structure's, and a row that leaves, removed or replaced, tells its own
    /// observers it is gone. A row that comes back unchanged tells no one.
    case identity

    /// The rules a core strategy documents: ``identity`` for `+identity`, else
    /// ``value``.
    init<S: ObservationStrategy>(_: S.Type) {
      self = S.isIdentity ? .identity : .value
    }
  }

  /// How an observer keeps observing.
  enum Form: Equatable, Sendable {
    /// One registration that keeps firing (`observe`), or apple's
    /// `withObservationTracking` re-armed in `onChange`: either way the
    /// observer outlives its row's removal.
    case persistent
    /// One-shot scopes re-armed in `onChange`, as under a `ForEach`: a row
    /// observer that finds its row gone does not re-arm, and the structure
    /// observer observes a returning row anew (``CoreRearmedListFixture``).
    /// Apple's row observers never find their row object gone.
    case rearmed
  }

  /// An identified collection of n rows, one observer per row (reading its row
  /// through `rows`; apple: its row object) and one of the structure (the ids).
  struct ObservedList: Sendable {
    /// Whose rules.
    let rules: Rules
    /// How observers keep observing.
    let form: Form
    /// Rows observed.
    let rows: Int

    /// The list as core strategy `S` observes it, in `form`.
    init<S: ObservationStrategy>(_: S.Type, _ form: Form, rows: Int) {
      self.init(rules: Rules(S.self), form: form, rows: rows)
    }

    /// The list as apple observes it (its observers always re-arm).
    static func apple(rows: Int) -> ObservedList {
      ObservedList(rules: .apple, form: .persistent, rows: rows)
    }

    private init(rules: Rules, form: Form, rows: Int) {
      self.rules = rules
      self.form = form
      self.rows = rows
    }

    /// Every observer the list has armed: the n rows' and the structure's.
    private var everyone: Double { Double(rows + 1) }

    /// One row's value changed in place.
    var rowUpdate: Double {
      switch rules {
      // The row's object, or (identity) the row that changed: its observer only.
      case .apple, .identity: 1
      // `rows` changed as a value: everyone read it.
      case .value: everyone
      }
    }

    /// An unobserved row inserted, or a row moved: only which rows there are,
    /// or their order, changed.
    var structureChange: Double {
      switch rules {
      // One mutation of `rows`; (identity) every row kept its identity.
      case .apple, .identity: 1
      case .value: everyone
      }
    }

    /// An observed row removed, then the same row value put back: the two
    /// halves of `collections/remove`.
    var removeThenPutBack: (remove: Double, putBack: Double) { removeThenPutBack(k: 1) }

    /// `k` observed rows removed in one send, then the same row values put
    /// back in one: the halves of `collections/remove-where` (k = 1: remove).
    func removeThenPutBack(k: Int) -> (remove: Double, putBack: Double) {
      let removed = Double(k)
      switch (rules, form) {
      // One mutation of `rows` each; the row objects are untouched.
      case (.apple, _): return (remove: 1, putBack: 1)
      // The leaving rows' observers and the structure's; then the structure's.
      case (.identity, _): return (remove: removed + 1, putBack: 1)
      // Everyone read `rows`, both times.
      case (.value, .persistent): return (remove: everyone, putBack: everyone)
      // Everyone; then everyone but the removed rows, whose observers ended
      // (the structure's re-render observes them again, which notifies no one).
      case (.value, .rearmed): return (remove: everyone, putBack: everyone - removed)
      }
    }

    /// A replace-all that drops one observed row and brings back another (the
    /// list holds n rows, n + 1 are observed: one of them is out at a time).
    var replaceAll: Double {
      switch (rules, form) {
      // One assignment of `rows`; row objects untouched.
      case (.apple, _): 1
      // The dropped row's observer and the structure's.
      case (.identity, _): 2
      // Every observer of the n + 1 rows, present or not (each read `rows`),
      // and the structure's.
      case (.value, .persistent): everyone + 1
      // The observers of the n rows present, and the structure's: the row out
      // has no observer until it is back.
      case (.value, .rearmed): everyone
      }
    }

    /// Notifications per operation of the paired `remove` halves where both are
    /// equal (the runner checks it), else `nil`.
    var removePerOperation: Double? { removePerOperation(removing: 1) }

    /// `removePerOperation` with `k` rows removed at once.
    func removePerOperation(removing k: Int) -> Double? {
      let halves = removeThenPutBack(k: k)
      return halves.remove == halves.putBack ? halves.remove : nil
    }

    /// The mean over pairs of `remove` operations, what an even run of them
    /// causes whatever the halves.
    var removeMeanOverPairs: Double { removeMeanOverPairs(removing: 1) }

    /// `removeMeanOverPairs` with `k` rows removed at once.
    func removeMeanOverPairs(removing k: Int) -> Double {
      let halves = removeThenPutBack(k: k)
      return (halves.remove + halves.putBack) / 2
    }
  }

  /// A write of a field one observer read, from any of t threads, each
  /// write notifying: the core's persistent observer by its contract
  /// (concurrent mutators lose no notification), a re-armed one-shot observer
  /// (apple's and the core's) by Observation's one fire per registration and
  /// per `willSet`, once writers are serialised so that each re-arm is in place
  /// before the next `willSet`.
  static let observedWrite: Double = 1
}
