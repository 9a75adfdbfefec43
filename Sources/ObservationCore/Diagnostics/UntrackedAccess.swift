/// One site where observed state was read during a render with no tracking scope
/// open: the view showing it renders once and never updates.
///
/// A site is a model type and a field. Call sites by `#fileID`/`#line` would say
/// nothing more: a property getter takes no arguments, so the location a default
/// argument captures is the getter's own line in the model, one per field; the
/// caller is out of reach without walking the stack, which is what made
/// Perception's check cost 0.08 s per access. The field identity is two words
/// known at compile time, and the plain strategies pass nothing extra per read.
public struct UntrackedAccess: Sendable, Hashable, CustomStringConvertible {
  /// The model type read, as `String(reflecting:)` spells it.
  public let typeName: String
  /// The field read.
  public let field: ObservedField
  /// How many reads of this site were seen so far (1 in the first report).
  public let count: Int

  /// Describes a site.
  public init(typeName: String, field: ObservedField, count: Int) {
    self.typeName = typeName
    self.field = field
    self.count = count
  }

  /// The warning line: what was read, and how to fix it.
  public var description: String {
    "untracked read: \(typeName) field \(field.index) was read during a render with no tracking scope open "
      + "(\(count) read\(count == 1 ? "" : "s")); open a scope in the deferred closure or mark it "
        + "RenderContext.skipChecking"
  }
}
