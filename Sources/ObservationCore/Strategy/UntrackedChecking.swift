/// `Base` refined with untracked-access diagnostics, reported as
/// `<base id>+checked`: a model read made during a render (`RenderContext`) with
/// no tracking scope open is reported once per site through
/// `UntrackedAccessDiagnostics`.
///
/// The check sits on the untracked branch only: a tracked read is `Base`'s, and an
/// untracked read outside a render pays one thread-local load (`thread`) or one
/// relaxed atomic load (`task`) more. Store state is not checked yet: its reads
/// are replayed from memos that do not know their field.
public enum UntrackedChecking<Base: ObservationStrategy>: ObservationStrategy {
  public typealias Registrar = Base.Registrar
  public typealias Scope = Base.Scope
  public typealias Invalidation = Base.Invalidation

  public static var id: String { "\(Base.id)+checked" }

  public static var skipsUnchangedIdentity: Bool { Base.skipsUnchangedIdentity }

  public static var checksUntrackedAccess: Bool { true }
}
