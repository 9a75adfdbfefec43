import ObservationCore

/// What a strategy id of a workload names: a strategy of the core, Swift's own
/// `Observation` module, or plain code with no observation at all.
///
/// Scenarios switch on it once, in set-up, and hand a core strategy id to a
/// ``CoreWorkload``, which names the strategy type statically so the measured
/// loop is specialised for it.
enum Subject {
  /// A strategy of the observation core (the matrix or a refinement).
  case core
  /// The same workload on `@Observable` and `withObservationTracking`.
  case apple
  /// The same workload on plain classes and structs: the floor.
  case none

  /// The subject named by `id`.
  ///
  /// - Throws: ``UnknownStrategy`` when `id` names nothing.
  init(_ id: String) throws {
    switch id {
    case StrategyIDs.apple: self = .apple
    case StrategyIDs.none: self = .none
    default:
      guard StrategyRoster.current.entry(withID: id) != nil else { throw UnknownStrategy(id: id) }
      self = .core
    }
  }
}

/// Thrown by a scenario asked to prepare a strategy id it does not know.
struct UnknownStrategy: Error, CustomStringConvertible {
  /// The id asked for.
  let id: String

  var description: String { "unknown strategy id '\(id)'" }
}
