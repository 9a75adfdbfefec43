import BenchmarkKit
import CoreModels
import ObservationCore

/// What the none side of a collections scenario does after each send, by the
/// observer form it is the floor of: nothing under persistent observers; under
/// re-armed ones, the read apple's re-armed observer makes as it re-arms.
///
/// A type rather than a flag, so that each floor's loop is specialised for it
/// and carries no test of the form.
protocol PlainListFloor {
  /// After a send that changed which rows there are or their order.
  static func afterStructuralSend(_ store: PlainStore<PlainListState, ListAction<PlainRow>>)
}

/// The floor of persistent observers: the send alone.
enum PlainSendOnly: PlainListFloor {
  @inline(__always)
  static func afterStructuralSend(_: PlainStore<PlainListState, ListAction<PlainRow>>) {}
}

/// The floor of re-armed observers: the send, then the one read apple's
/// re-armed structure observer makes (the order of the rows).
enum PlainSendThenRead: PlainListFloor {
  @inline(__always)
  static func afterStructuralSend(_ store: PlainStore<PlainListState, ListAction<PlainRow>>) {
    blackHole(store.state.ids)
  }
}
