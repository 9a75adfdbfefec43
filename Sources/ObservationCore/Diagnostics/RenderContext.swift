import CObservationSupport
import Synchronization

/// Marks the code a UI framework runs to render: a view body and the closures it
/// defers (lazy rows, a sheet's content), which the `+checked` strategies watch
/// for reads that no tracking scope sees.
///
/// Deciding "is this read part of a render?" is the expensive half of Perception's
/// check (it walks the stack). Here the renderer says so: a render sets a
/// thread-local flag (synchronous renders) and binds a task-local pass (so that a
/// `task`-scope strategy judges work that resumed on another thread correctly).
/// A `thread` read then asks the one thread-local a plain read asks (kept as "the
/// open scope, else a render is checking, else nothing"); a `task` read with no
/// scope published tests one process-wide word that holds the count of open async
/// scopes a plain read tests and, beside it, the render gate (render passes
/// running while checking is on), and only while that word is nonzero looks up the
/// task's binding and then the task-local pass.
///
/// What the `thread` flavour cannot see: an async render (`render` with `await`)
/// sets no thread flag, since the task may resume on any thread; and work a render
/// hands to another thread is judged by that thread's flag. Only `task` strategies
/// follow a render across threads.
public enum RenderContext {
  /// One render pass, shared with the child tasks that inherit the binding;
  /// closed when the pass ends so that a task outliving it is not judged in it.
  @usableFromInline
  final class Pass: Sendable {
    let open = Atomic<Bool>(true)
    @usableFromInline var isOpen: Bool { open.load(ordering: .relaxed) }
  }

  /// The render pass of the current task, or `nil` (outside any render, or in a
  /// skip region).
  @usableFromInline @TaskLocal static var pass: Pass?

  /// Runs `body` as a render pass: reads it makes (directly or in closures it runs
  /// before returning) with no tracking scope open are reported by the `+checked`
  /// strategies.
  public static func render<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let (outerFlag, pass) = beginPass(onThread: true)
    defer { endPass(pass, outerFlag: outerFlag) }
    let result = $pass.withValue(pass) { () -> Result<T, E> in
      do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// The async render: only `task` strategies see it, on whatever thread the task
  /// resumes (no thread flag is set: it would stay on a thread the task left).
  public static func render<T, E: Error>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
  ) async throws(E) -> T {
    let (_, pass) = beginPass(onThread: false)
    defer { endPass(pass, outerFlag: nil) }
    var result: Result<T, E>?
    await $pass.withValue(pass) {
      do throws(E) { result = .success(try await body()) } catch { result = .failure(error) }
    }
    return try result!.get()
  }

  // Out of line and not generic, so that what every render pays is one call each
  // way, not code specialised into every caller's closure.
  @inline(never)
  private static func beginPass(onThread: Bool) -> (outerFlag: Int32, pass: Pass) {
    let outerFlag = obs_thread_render_get()
    let pass = Pass()
    Gate.passBegan()
    if onThread { obs_thread_render_set(threadFlag) }
    return (outerFlag, pass)
  }

  @inline(never)
  private static func endPass(_ pass: Pass, outerFlag: Int32?) {
    if let outerFlag { obs_thread_render_set(outerFlag) }
    pass.open.store(false, ordering: .relaxed)
    Gate.passEnded()
  }

  /// Runs `body` deliberately untracked (Perception's skip-checking scope): its
  /// reads are never reported, even inside a render. Action closures run here.
  public static func skipChecking<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let outerFlag = obs_thread_render_get()
    obs_thread_render_set(0)
    defer { obs_thread_render_set(outerFlag) }
    let result = $pass.withValue(nil) { () -> Result<T, E> in
      do throws(E) { return .success(try body()) } catch { return .failure(error) }
    }
    return try result.get()
  }

  /// Whether a synchronous render runs on this thread, outside a skip region:
  /// what a `thread` strategy asks.
  @inlinable @inline(__always)
  public static var isActiveOnThread: Bool { obs_thread_render_get() != 0 }

  /// Whether the current task is inside an open render pass, outside a skip
  /// region, with checking on: what a `task` strategy asks.
  @inlinable @inline(__always)
  public static var isActiveInTask: Bool {
    if obs_render_gate_get() == 0 { return false }
    return pass?.isOpen ?? false
  }

  /// Whether checking is switched on.
  @inlinable @inline(__always)
  static var isChecking: Bool { Gate.isChecking }

  /// The thread flag a synchronous render sets: rendering, and checking if on.
  static var threadFlag: Int32 {
    OBS_RENDER_ACTIVE | (isChecking ? OBS_RENDER_CHECKING : 0)
  }

  /// Brings this thread's flag in line with the switch, if a render runs here;
  /// other threads' renders take the switch at their next render (until then a
  /// read they report is stopped by the switch in the slow path).
  static func threadSwitchChanged() {
    if obs_thread_render_get() != 0 { obs_thread_render_set(threadFlag) }
  }
}
