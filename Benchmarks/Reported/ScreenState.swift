import Observation
import ObservationCore

/// A screen's state holding one child feature's state: the state of
/// send-changes-nothing, whose readers read the child's `count`.
struct ScreenState<S: ObservationStrategy>: ObservableState {
  let _$registrar = S.Registrar()

  var _profile: ProfileState<S> = ProfileState<S>()
}

/// The child feature's state. Its setter gates on equality, as the
/// `ObservableState` documentation writes Equatable fields.
struct ProfileState<S: ObservationStrategy>: ObservableState {
  let _$registrar = S.Registrar()

  var _count: Int = 0
}

/// What the screen's stores do.
enum ScreenAction {
  /// A refresh came back with `count`: the child stores what it was given.
  case refreshed(count: Int)
}

/// The screen stores' reducer: the child's count set to what the refresh
/// returned, in place through the child, as a reducer writes it.
func screenReducer<S: ObservationStrategy>(
  _ state: inout ScreenState<S>, _ action: ScreenAction
) -> Effect<ScreenAction> {
  switch action {
  case .refreshed(let count): state.profile.count = count
  }
  return .none
}

/// ``ScreenState`` on Swift's `Observation` module: a screen model holding its
/// child feature's model.
@Observable
final class AppleScreen: @unchecked Sendable {
  var profile = AppleProfile()

  /// A refresh came back with `count`.
  func refreshed(count: Int) {
    profile.count = count
  }
}

/// ``ProfileState`` on Swift's `Observation` module.
@Observable
final class AppleProfile: @unchecked Sendable {
  var count = 0
}

/// ``ScreenState`` with no observation.
struct PlainScreenState {
  struct Profile {
    var count = 0
  }

  var profile = Profile()
}

/// ``screenReducer(_:_:)`` on the plain state.
func plainScreenReducer(_ state: inout PlainScreenState, _ action: ScreenAction) -> Effect<ScreenAction> {
  switch action {
  case .refreshed(let count): state.profile.count = count
  }
  return .none
}
