/// A value-type state that declares `ObservableState` in its own declaration,
/// and what the generator writes for it.
public struct StateDeclaration: Equatable, Sendable {
  /// One observed field: a stored `var _name: Type`, whose accessor `name` the
  /// generator writes with the field's number.
  public struct Field: Equatable, Sendable {
    /// The accessor's name: the backing store's without its underscore.
    public var name: String
    /// The type as written.
    public var type: String
    /// The field's number: its position among the state's observed fields.
    public var number: Int
    /// The backing store's doc comment, `///` lines as written.
    public var documentation: [String]
    /// Where the backing store is declared (1-based).
    public var line: Int
  }

  /// The type's name, qualified by the types it is nested in (`Outer.Inner`).
  public var name: String
  /// `public ` or `package ` when the state is declared so, else empty: what the
  /// accessors are declared with.
  public var access: String
  /// The strategy parameter (`S` of `<S: ObservationStrategy>`) when the state
  /// leaves `typealias Strategy` to the generator.
  public var strategyParameter: String?
  /// The observed fields, in declaration order.
  public var fields: [Field]
  /// Every stored property, in declaration order, but the registrar: what the
  /// generated `==` compares.
  public var storedProperties: [String]
  /// Whether the state asks for `Equatable` (or `Hashable`) and writes no `==`.
  public var needsEquality: Bool
  /// Whether the state asks for `Hashable` and writes no `hash(into:)`.
  public var needsHashing: Bool
  /// Where the declaration starts (1-based).
  public var line: Int
}

/// A declaration the generator cannot write accessors for, with where and why:
/// printed as a compiler diagnostic (`file:line: error: …`), so the build fails
/// at the line to fix.
public struct GenerationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The source file.
  public var file: String
  /// The line (1-based).
  public var line: Int
  /// What is wrong and how to fix it.
  public var message: String

  public init(file: String, line: Int, message: String) {
    self.file = file
    self.line = line
    self.message = message
  }

  public var description: String { "\(file):\(line): error: \(message)" }
}
