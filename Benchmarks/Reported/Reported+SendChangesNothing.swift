import BenchmarkKit
import ObservationCore

extension Reported {
  /// TCA issues 3163 and 2354 (and TCACoordinators issue 69): a send that
  /// leaves the state equal still re-renders the views reading it.
  ///
  /// n readers, each a render scope reading the child feature's `count` through
  /// the child's store (apple: `screen.profile.count`), re-rendered when it
  /// fires. One operation: one send whose reducer writes the count it already
  /// holds, in place through the child (`state.profile.count = count`, a
  /// refresh that found nothing new), then re-rendering the readers that fired.
  /// The setters gate on equality, so what is left is the child's own `_modify`:
  /// `+identity` sees the child keep its identity and notes nothing (0), as
  /// apple's equality gate does (0); plain `keypath` notes the child as changed
  /// (a read through `profile` is a read of `profile`) and `whole` notifies the
  /// store tree on any noted write, so both re-render all n readers.
  ///
  /// The same send on enum state is ``sendChangesNothingEnum``.
  static var sendChangesNothing: BenchmarkScenario {
    BenchmarkScenario(
      name: "send-changes-nothing",
      summary:
        "TCA issues 3163, 2354: one send writing a child's count back unchanged, n readers of it re-rendered if fired "
          + "(re-renders: apple, +identity 0; keypath, whole n)",
      sizes: readerCounts,
      quickSizes: quickReaderCounts,
      strategies: StrategyIDs.stores
    ) { id, size in
      switch try Subject(id) {
      case .core: return try SendChangesNothing(readers: size).prepare(id: id)
      case .apple: return sendChangesNothingApple(readers: size)
      case .none: return sendChangesNothingPlain()
      }
    }
  }

  /// Reader counts of send-changes-nothing, log-spaced.
  static let readerCounts = [1, 10, 100, 1_000]
  /// The reader counts of a quick run.
  static let quickReaderCounts = [1, 100]

  /// Readers re-rendered by one send that writes back an equal value under `S`.
  static func rerenderedByUnchangedSend<S: ObservationStrategy>(_: S.Type, readers n: Int) -> Double {
    // The child kept its identity and its count is gated on equality: nothing
    // is noted. Without identity skipping the child's `_modify` notes `profile`.
    S.isIdentity ? 0 : Double(n)
  }

  private static func sendChangesNothing<S: ObservationStrategy>(_: S.Type, readers: Int) -> PreparedCase {
    let screen = S.inIsolation { CoreReaders<S, ScreenReader<S>>(readers: readers) }
    return .core(
      S.self,
      run: { iterations in
        for _ in 0..<iterations { screen.refresh() }
      },
      notifications: { screen.queue.notified },
      expected: rerenderedByUnchangedSend(S.self, readers: readers),
      tearDown: { screen.cancel() })
  }

  private static func sendChangesNothingApple(readers: Int) -> PreparedCase {
    let screen = AppleReaders<AppleScreen>(readers: readers)
    return PreparedCase(
      run: { iterations in
        for _ in 0..<iterations { screen.refresh() }
      },
      notifications: { screen.queue.notified },
      // The macro's setter skips the equal value.
      expectedNotificationsPerOperation: 0)
  }

  private static func sendChangesNothingPlain() -> PreparedCase {
    let store = PlainStore(initialState: PlainScreenState(), reducer: plainScreenReducer)
    let count = identity(0)
    return PreparedCase(run: { iterations in
      for _ in 0..<iterations { store.send(.refreshed(count: count)) }
    })
  }

  /// ``sendChangesNothing`` as a ``CoreWorkload``, specialised per strategy.
  private struct SendChangesNothing: CoreWorkload {
    let readers: Int
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Reported.sendChangesNothing(S.self, readers: readers)
    }
  }
}
