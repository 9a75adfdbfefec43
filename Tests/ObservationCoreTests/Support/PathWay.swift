import CoreModels
import ObservationCore
import Testing

/// The ways a ``ChildPath`` goes down, as a test argument: a store test that
/// holds for one way must hold for all three (the same state, the same fields
/// observed, the same moment of ending).
enum PathWay: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case keyPath, get, locate

  var testDescription: String { rawValue }

  /// The test state's collection, reached this way.
  func rows<S: ObservationStrategy>(_: S.Type) -> ChildPath<AppState<S>, IdentifiedArray<RowState<S>>> {
    switch self {
    case .keyPath: .keyPath(\.rows)
    case .get: .get(\.rows, { $0.rows })
    case .locate: .locate(\.rows, AppState<S>.rows(at:))
    }
  }

  /// The test state's optional child, reached this way.
  func presented<S: ObservationStrategy>(_: S.Type) -> ChildPath<AppState<S>, ChildState<S>?> {
    switch self {
    case .keyPath: .keyPath(\.presented)
    case .get: .get(\.presented, { $0.presented })
    case .locate: .locate(\.presented, AppState<S>.presented(at:))
    }
  }
}
