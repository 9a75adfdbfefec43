import BenchmarkKit
import ObservationCore

extension Reported {
  /// TCA issue 3163 and TCACoordinators issue 69: with enum state, every send
  /// re-rendered the views, even one that changed nothing (an enum identity
  /// that never matched).
  ///
  /// The root state is a destination-style enum whose identity is its case's
  /// (``SessionState``), signed in; n readers, each a render scope switching on
  /// the state and reading the case's count (apple: `session.phase`, an
  /// Equatable enum). One operation: one send whose reducer takes the case's
  /// state out, writes the count it already holds and puts it back, then
  /// re-rendering the readers that fired. The case keeps its identity and the
  /// count is gated on equality, so no strategy notes a change: 0 re-renders
  /// everywhere, apple's equality gate included.
  static var sendChangesNothingEnum: BenchmarkScenario {
    BenchmarkScenario(
      name: "send-changes-nothing-enum",
      summary:
        "TCA issue 3163, TCACoordinators issue 69: one send writing an enum state's case back unchanged, n readers "
          + "switching on it re-rendered if fired (re-renders: 0 everywhere)",
      sizes: readerCounts,
      quickSizes: quickReaderCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try SendChangesNothingEnum(readers: size).prepare(id: id)
      case .apple: return sendChangesNothingEnumApple(readers: size)
      case .none: return sendChangesNothingEnumPlain()
      }
    }
  }

  private static func sendChangesNothingEnum<S: ObservationStrategy>(_: S.Type, readers: Int) -> PreparedCase {
    let session = S.inIsolation { CoreReaders<S, SessionReader<S>>(readers: readers) }
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations { session.refresh() }
      },
      notifications: { session.queue.notified },
      // The case keeps its identity, so the root is not replaced, and the count
      // is gated on equality: nothing is noted, whatever the invalidation.
      expected: 0,
      tearDown: { session.cancel() })
  }

  private static func sendChangesNothingEnumApple(readers: Int) -> PreparedCase {
    let session = AppleReaders<AppleSession>(readers: readers)
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations { session.refresh() }
      },
      notifications: { session.queue.notified },
      // The macro's setter skips the equal enum value.
      expectedNotificationsPerOperation: 0)
  }

  private static func sendChangesNothingEnumPlain() -> PreparedCase {
    let store = PlainStore(initialState: PlainSessionState.signedIn(count: 0), reducer: plainSessionReducer)
    let count = identity(0)
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { store.send(.refreshed(count: count)) }
    })
  }

  /// ``sendChangesNothingEnum`` as a ``CoreWorkload``, specialised per strategy.
  private struct SendChangesNothingEnum: CoreWorkload {
    let readers: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.sendChangesNothingEnum(S.self, readers: readers)
    }
  }
}
