import ObservationCore
import Testing

/// A screen model living on `ObservationActor`, as a view model lives on the main actor.
@ObservationActor
final class Screen {
  let model = Pair<ActorThreadKeyPath>()
  let fired = Count()

  func arm() {
    ActorThreadKeyPath.withTracking({ _ = model.a }, onChange: { [fired] in
      // Fires synchronously inside the mutation, so still on the actor.
      ObservationActor.shared.preconditionIsolated()
      fired.bump()
    })
  }
}

@Suite("Actor registrar")
struct ActorRegistrarTests {
  @Test func insideIsolation_everyCallIsSynchronous() async {
    await ObservationActor.run {
      let screen = Screen()
      screen.arm()
      // No await between the write and the check: the fire happened in the write.
      screen.model.a = 1
      #expect(screen.fired.value == 1)
      #expect(screen.model.registrar.observationCount == 0)
    }
  }

  @Test func fromOutside_callsHopIn() async {
    let screen = await Screen()
    await screen.arm()
    await ObservationActor.run { screen.model.a = 1 }
    #expect(screen.fired.value == 1)
    let left = await ObservationActor.run { screen.model.registrar.observationCount }
    #expect(left == 0)
  }
}
