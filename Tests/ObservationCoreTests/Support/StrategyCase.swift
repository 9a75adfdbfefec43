import ObservationCore
import OutsideStrategies

/// One strategy as a Swift Testing argument, named by its id.
///
/// Every list is a filter on the capabilities of ``TestCatalog/entries`` (the
/// package's catalog and the strategies these tests add), never on an id's
/// spelling: an added strategy runs in every test its capabilities allow.
struct StrategyCase: Sendable, CustomTestStringConvertible {
  let type: any ObservationStrategy.Type
  var testDescription: String { type.id }

  /// The matrix, then the variants beside it.
  static let all = cases([.matrix, .variant])
  /// The matrix, its variants and its refinements: what the store tests run over.
  static let withRefinements = cases([.matrix, .variant, .refinement])
  /// Those whose models may be used from several threads at once.
  static let anyThread = all.filter { $0.type.capabilities.contains(.usableFromAnyThread) }
  /// Those whose models live on `ObservationActor`.
  static let onActor = all.filter { $0.type.capabilities.contains(.needsObservationActor) }
  /// Those whose scopes follow their task across `await`.
  static let task = all.filter { $0.type.capabilities.contains(.asyncTracking) }
  /// Those whose scopes see the reads of one thread.
  static let thread = all.filter { !$0.type.capabilities.contains(.asyncTracking) }

  private static func cases(_ roles: Set<StrategyRole>) -> [StrategyCase] {
    TestCatalog.entries.filter { roles.contains($0.role) }.map { StrategyCase(type: $0.type) }
  }
}

/// The strategies the core's tests run over: `StrategyCatalog`'s, then those
/// defined in this test target (``AddedStrategies``).
enum TestCatalog {
  /// Every entry, the catalog's first.
  static let entries = StrategyCatalog.entries + AddedStrategies.entries
}

import Testing

extension ObservationStrategy {
  /// Whether the strategy reaches every observer of an object on any write.
  static var isWhole: Bool { !capabilities.contains(.perField) }

  /// Whether the strategy skips notifying observers of a child that kept its identity.
  static var isIdentity: Bool { capabilities.contains(.identitySkipping) }

  /// Whether models of the strategy must be used on `ObservationActor`.
  static var needsActor: Bool { capabilities.contains(.needsObservationActor) }

  /// Runs `body` where the strategy's models may be used: in `ObservationActor`'s
  /// isolation for actor registrars, where it is called from otherwise.
  static func isolated<T: Sendable>(_ body: @Sendable () -> T) async -> T {
    if needsActor {
      return await ObservationActor.run { body() }
    }
    return body()
  }
}
