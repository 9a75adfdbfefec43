import Observation
import ObservationCore

/// A destination-style enum state, in the spirit of TCA's `@ObservableState`
/// enums: each case carries a state of its own, and the enum's registrar, hence
/// its identity, is its case's (per-case identity).
///
/// Changing case replaces the root's registrar, which the store notifies as a
/// replacement of everything read; writing back the case it holds keeps it.
enum SessionState<S: ObservationStrategy>: ObservableState {
  typealias Strategy = S

  case signedOut(SignedOutState<S>)
  case signedIn(ProfileState<S>)

  /// The case's registrar: the enum has no stored registrar of its own.
  var _$registrar: S.Registrar {
    switch self {
    case .signedOut(let state): state._$registrar
    case .signedIn(let state): state._$registrar
    }
  }
}

/// The signed-out case's state: nothing to read but its identity.
struct SignedOutState<S: ObservationStrategy>: ObservableState {
  let _$registrar = S.Registrar()
}

/// What the session stores do.
enum SessionAction {
  /// A refresh came back with `count`: a signed-in session stores it.
  case refreshed(count: Int)
}

/// The session stores' reducer, as an enum reducer changes a case's state:
/// take the case's state out, change it, put it back.
func sessionReducer<S: ObservationStrategy>(
  _ state: inout SessionState<S>, _ action: SessionAction
) -> Effect<SessionAction> {
  switch action {
  case .refreshed(let count):
    if case .signedIn(var profile) = state {
      profile.count = count
      state = .signedIn(profile)
    }
  }
  return .none
}

/// ``SessionState`` on Swift's `Observation` module: a session model whose
/// phase is an Equatable enum, as `@Observable` users write destinations.
@Observable
final class AppleSession: @unchecked Sendable {
  enum Phase: Equatable {
    case signedOut
    case signedIn(count: Int)
  }

  var phase = Phase.signedIn(count: 0)

  /// A refresh came back with `count`.
  func refreshed(count: Int) {
    if case .signedIn = phase { phase = .signedIn(count: count) }
  }
}

/// ``SessionState`` with no observation.
enum PlainSessionState {
  case signedOut
  case signedIn(count: Int)
}

/// ``sessionReducer(_:_:)`` on the plain state.
func plainSessionReducer(_ state: inout PlainSessionState, _ action: SessionAction) -> Effect<SessionAction> {
  switch action {
  case .refreshed(let count):
    if case .signedIn = state { state = .signedIn(count: count) }
  }
  return .none
}
