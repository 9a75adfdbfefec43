import BenchmarkKit
import CoreModels
import ObservationCore

extension Collections {
  /// The structural changes, each paired with its inverse.
  enum StructuralChange {
    case insert, remove, move
    /// Sorting by id descending, then ascending.
    case sort
    /// Removing the rows of ids 5 modulo 10 (a tenth), then putting them back.
    case removeWhere
    /// Moving the first tenth of the rows to the end, then the last tenth to
    /// the front (SwiftUI's `onMove`).
    case moveOffsets

    /// Whether the change removes observed rows.
    var removesRows: Bool { self == .remove || self == .removeWhere }
  }

  /// The rows `removeWhere` removes of `rows` rows: ids 5 modulo 10.
  static func removedWhere(rows: Int) -> [Int] {
    Array(Swift.stride(from: 5, to: rows, by: 10))
  }

  /// The offsets `moveOffsets` moves: a tenth of the rows, at least one.
  static func movedTenth(rows: Int) -> Int { Swift.max(1, rows / 10) }

  /// Prepares `kind` for `id`, its observers in `form`.
  static func structural(
    _ id: String, rows: Int, kind: StructuralChange, form: DocumentedNotifications.Form
  ) throws -> PreparedCase {
    var prepared: PreparedCase
    switch try Subject(id) {
    case .core: prepared = try Structural(rows: rows, kind: kind, form: form).prepare(id: id)
    // Apple's observers always re-arm: its side is the same in both forms.
    case .apple: prepared = structuralApple(rows: rows, kind: kind)
    case .none:
      switch form {
      case .persistent: prepared = structuralPlain(PlainSendOnly.self, rows: rows, kind: kind)
      case .rearmed: prepared = structuralPlain(PlainSendThenRead.self, rows: rows, kind: kind)
      }
    }
    // Each change is undone by the next (a removal, then the rows put back),
    // and the two may differ twofold: every sample holds whole pairs.
    prepared.iterationMultiple = 2
    return prepared
  }

  private static func structural<S: ObservationStrategy>(
    _: S.Type, rows: Int, kind: StructuralChange, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    switch form {
    case .persistent:
      structural(S.inIsolation { CoreListFixture<S>(rows: rows) }, rows: rows, kind: kind, form: form)
    case .rearmed:
      structural(
        S.inIsolation { CoreRearmedListFixture<S>(rows: rows, rowsComeAndGo: kind.removesRows) },
        rows: rows, kind: kind, form: form)
    }
  }

  private static func structural<List: CoreObservedList>(
    _ fixture: List, rows: Int, kind: StructuralChange, form: DocumentedNotifications.Form
  ) -> PreparedCase {
    typealias S = List.Strategy
    let store = fixture.store
    let middle = rows / 2
    let phase = Cursor()
    let run: (Int) -> Void
    let documented = DocumentedNotifications.ObservedList(S.self, form, rows: rows)
    let expected: Double?
    switch kind {
    case .insert:
      let spare = RowState<S>(id: rows)
      run = { iterations in
        alternate(iterations, phase, even: { store.send(.insertFront(spare)) }, odd: { store.send(.remove(spare.id)) })
      }
      expected = documented.structureChange
    case .remove:
      // The same state value goes back, so its registrar (and, persistent, its
      // observer) stay.
      let removed = S.inIsolation { fixture.rowState(middle) }
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.remove(middle)) }, odd: { store.send(.insert(removed, at: middle)) })
      }
      // The halves may differ; the smoke tests check their mean over pairs.
      expected = documented.removePerOperation
    case .move:
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.move(middle, to: 0)) }, odd: { store.send(.move(middle, to: middle)) })
      }
      expected = documented.structureChange
    case .sort:
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.sortByID(descending: true)) },
          odd: { store.send(.sortByID(descending: false)) })
      }
      expected = documented.structureChange
    case .removeWhere:
      // The same state values go back, as for remove.
      let removed = removedWhere(rows: rows)
      let returning = S.inIsolation { Dictionary(uniqueKeysWithValues: removed.map { ($0, fixture.rowState($0)) }) }
      let all = Array(0..<rows)
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.removeWhere(modulus: 10, remainder: 5)) },
          odd: { store.send(.restore(ids: all, returning: returning)) })
      }
      expected = documented.removePerOperation(removing: removed.count)
    case .moveOffsets:
      let tenth = movedTenth(rows: rows)
      let (first, last) = (Array(0..<tenth), Array((rows - tenth)..<rows))
      run = { iterations in
        alternate(
          iterations, phase, even: { store.send(.moveOffsets(first, to: rows)) },
          odd: { store.send(.moveOffsets(last, to: 0)) })
      }
      expected = documented.structureChange
    }
    return .core(
      S.self, run: run, notifications: { fixture.tally.count }, expected: expected, tearDown: fixture.tearDown)
  }

  private static func structuralApple(rows: Int, kind: StructuralChange) -> PreparedCase {
    let fixture = AppleListFixture(rows: rows)
    let list = fixture.list
    let middle = rows / 2
    let phase = Cursor()
    let run: (Int) -> Void
    switch kind {
    case .insert:
      let spare = AppleRow(id: rows)
      run = { iterations in
        alternate(iterations, phase, even: { list.insert(spare, at: 0) }, odd: { list.remove(id: spare.id) })
      }
    case .remove:
      let removed = list.index[middle]!
      run = { iterations in
        alternate(iterations, phase, even: { list.remove(id: middle) }, odd: { list.insert(removed, at: middle) })
      }
    case .move:
      run = { iterations in
        alternate(iterations, phase, even: { list.move(id: middle, to: 0) }, odd: { list.move(id: middle, to: middle) })
      }
    case .sort:
      run = { iterations in
        alternate(
          iterations, phase, even: { list.sortByID(descending: true) }, odd: { list.sortByID(descending: false) })
      }
    case .removeWhere:
      let all = Array(0..<rows)
      run = { iterations in
        alternate(
          iterations, phase, even: { list.removeWhere(modulus: 10, remainder: 5) },
          odd: { list.replaceAll(ids: all) })
      }
    case .moveOffsets:
      let tenth = movedTenth(rows: rows)
      let (first, last) = (Array(0..<tenth), Array((rows - tenth)..<rows))
      run = { iterations in
        alternate(
          iterations, phase, even: { list.move(fromOffsets: first, toOffset: rows) },
          odd: { list.move(fromOffsets: last, toOffset: 0) })
      }
    }
    // Each op is one mutation of `rows`: its observer only; row objects are
    // untouched, so a removed row's view is not told.
    let documented = DocumentedNotifications.ObservedList.apple(rows: rows)
    let expected = kind.removesRows ? documented.removePerOperation(removing: 1) : documented.structureChange
    return PreparedCase(
      run: run, notifications: { fixture.tally.count }, expectedNotificationsPerOperation: expected)
  }

  private static func structuralPlain<Floor: PlainListFloor>(
    _: Floor.Type, rows: Int, kind: StructuralChange
  ) -> PreparedCase {
    let store = PlainListFixture(rows: rows).store
    let middle = rows / 2
    let phase = Cursor()
    // Each case written out, so the sends inline.
    switch kind {
    case .insert:
      let spare = PlainRow(id: rows)
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.insertFront(spare))
            Floor.afterStructuralSend(store)
          },
          odd: {
            store.send(.remove(spare.id))
            Floor.afterStructuralSend(store)
          })
      })
    case .remove:
      let removed = store.state.storage[middle]!
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.remove(middle))
            Floor.afterStructuralSend(store)
          },
          odd: {
            store.send(.insert(removed, at: middle))
            Floor.afterStructuralSend(store)
          })
      })
    case .move:
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.move(middle, to: 0))
            Floor.afterStructuralSend(store)
          },
          odd: {
            store.send(.move(middle, to: middle))
            Floor.afterStructuralSend(store)
          })
      })
    case .sort:
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.sortByID(descending: true))
            Floor.afterStructuralSend(store)
          },
          odd: {
            store.send(.sortByID(descending: false))
            Floor.afterStructuralSend(store)
          })
      })
    case .removeWhere:
      // The rows stay stored by id: putting them back lists their ids again.
      let all = Array(0..<rows)
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.removeWhere(modulus: 10, remainder: 5))
            Floor.afterStructuralSend(store)
          },
          odd: {
            store.send(.restore(ids: all, returning: [:]))
            Floor.afterStructuralSend(store)
          })
      })
    case .moveOffsets:
      let tenth = movedTenth(rows: rows)
      let (first, last) = (Array(0..<tenth), Array((rows - tenth)..<rows))
      return PreparedCase(run: { iterations in
        alternate(
          iterations, phase,
          even: {
            store.send(.moveOffsets(first, to: rows))
            Floor.afterStructuralSend(store)
          },
          odd: {
            store.send(.moveOffsets(last, to: 0))
            Floor.afterStructuralSend(store)
          })
      })
    }
  }

  /// ``structural`` as a ``CoreWorkload``, specialised per strategy.
  private struct Structural: CoreWorkload {
    let rows: Int
    let kind: StructuralChange
    let form: DocumentedNotifications.Form
    func prepare<S: ObservationStrategy>(_: S.Type) -> PreparedCase {
      Collections.structural(S.self, rows: rows, kind: kind, form: form)
    }
  }
}
