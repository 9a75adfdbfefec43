/// `Base` refined with untracked-access diagnostics, reported as
/// `<base id>+checked`: a model read made during a render (`RenderContext`) with
/// no tracking scope open is reported once per site through
/// `UntrackedAccessDiagnostics`.
///
/// The check sits on the untracked branch only: a `thread` read asks the one
/// thread-local a plain read asks (a tracked read adds one compare), a `task`
/// read tests a word holding the plain read's count and the render gate, so it
/// executes the plain read's instructions. Store state is not checked yet: its
/// reads are replayed from memos that do not know their field.
public enum UntrackedChecking<Base: ObservationStrategy>: ObservationStrategy {
  public typealias Registrar = Base.Registrar
  public typealias Scope = Base.Scope
  public typealias Invalidation = Base.Invalidation

  public static var id: String { "\(Base.id)+checked" }

  public static var skipsUnchangedIdentity: Bool { Base.skipsUnchangedIdentity }

  public static var checksUntrackedAccess: Bool { true }
}
