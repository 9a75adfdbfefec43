import CoreModels
import ObservationCore

/// A core list store with every row and its structure observed: what the
/// collections drivers ask of ``CoreListFixture`` (persistent observers) and of
/// ``CoreRearmedListFixture`` (re-armed ones), so each driver is written once
/// for both forms and its measured sends are the same code in either.
///
/// The drivers take the fixture as a generic parameter, never as `any`: made
/// behind an existential, the fixture's observers (whose re-arms run inside the
/// measured region) were left unspecialised, their key paths instantiated and
/// compared at run time.
protocol CoreObservedList<Strategy>: AnyObject {
  /// The strategy the store observes with.
  associatedtype Strategy: ObservationStrategy

  /// The root store.
  var store: Store<ListState<Strategy>, ListAction<RowState<Strategy>>> { get }
  /// Counts every observer's calls.
  var tally: Tally { get }
  /// The row's state value, which keeps its identity (its registrar) when it is
  /// put back later.
  func rowState(_ id: Int) -> RowState<Strategy>
  /// The store row `id`'s view sends through.
  func rowStore(_ id: Int) -> Store<RowState<Strategy>, RowAction>
  /// Ends the observers once the case is done; `nil` where they have no cancel
  /// and end with the store, as apple's do.
  var tearDown: (() -> Void)? { get }
}

extension CoreListFixture: CoreObservedList {
  typealias Strategy = S
  var tearDown: (() -> Void)? { { self.cancel() } }
}

extension CoreRearmedListFixture: CoreObservedList {
  typealias Strategy = S
  var tearDown: (() -> Void)? { nil }
}
