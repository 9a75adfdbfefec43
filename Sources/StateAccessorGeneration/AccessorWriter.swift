/// Writes the accessors of the states found by ``StateScanner``: one extension
/// per state, in the order the files and states are given.
///
/// Each observed field `_name` of type `T`, number `n`, becomes
///
/// ```swift
/// var name: T {
///   get { access(n); return _name }
///   set { _$noteAssign(n, from: _name, to: newValue); _name = newValue }
///   _modify { let before = _$modifyToken(_name); yield &_name; _$noteModify(n, before, _name) }
/// }
/// ```
///
/// and `static func name(at:)`, the field of a state found where it is stored
/// (the `locate:` step of a scoped store), the accessors a state writes by hand, with the rule for an equal assignment
/// and for a child chosen by `ObservationCore`'s overloads on `T` (see
/// `ObservableState+Accessors.swift`), so the generator never needs to know
/// what `T` is. A state asking for `Equatable` or `Hashable` and writing no `==`
/// gets one over its stored properties but the registrar (which is its
/// identity, not its value); one leaving `typealias Strategy` out gets it from
/// its `<S: ObservationStrategy>` parameter.
public enum AccessorWriter {
  /// The generated file for `scanners`' states, importing what their files import.
  public static func file(for scanners: [StateScanner]) -> String {
    var imports: [String] = []
    for scanner in scanners where !scanner.states.isEmpty {
      for line in scanner.imports where !imports.contains(line) { imports.append(line) }
    }
    if !imports.contains(where: { $0.hasSuffix("import ObservationCore") }) {
      imports.insert("import ObservationCore", at: 0)
    }
    var text = "// Written by the StateAccessors plugin from the states' declarations; do not edit.\n"
    text += "// The fields are numbered by their order in each declaration.\n\n"
    text += imports.joined(separator: "\n") + "\n"
    for scanner in scanners {
      for state in scanner.states where !state.isLeftAsWritten { text += "\n" + extensionText(for: state) }
    }
    return text
  }

  /// The extension of one state.
  public static func extensionText(for state: StateDeclaration) -> String {
    var lines = ["extension \(state.name) {"]
    if let parameter = state.strategyParameter {
      lines.append("  \(state.access)typealias Strategy = \(parameter)")
    }
    for field in state.fields {
      if lines.count > 1 { lines.append("") }
      lines += field.documentation.map { "  " + $0 }
      let n = field.number
      lines += [
        "  \(state.access)var \(field.name): \(field.type) {",
        "    get {",
        "      access(\(n))",
        "      return _\(field.name)",
        "    }",
        "    set {",
        "      _$noteAssign(\(n), from: _\(field.name), to: newValue)",
        "      _\(field.name) = newValue",
        "    }",
        "    _modify {",
        "      let before = _$modifyToken(_\(field.name))",
        "      yield &_\(field.name)",
        "      _$noteModify(\(n), before, _\(field.name))",
        "    }",
        "  }",
        "",
        "  /// `\(field.name)` of the state at `state`, where it is stored, with the same read recorded:",
        "  /// a step of `Store.scope(state:locate:action:)` and its kin, which copies nothing. The",
        "  /// state must outlive the address's use, as a store's state does under its guard.",
        "  \(state.access)static func \(field.name)(at state: UnsafePointer<Self>) -> UnsafePointer<\(field.type)> {",
        "    access(\(n), at: state)",
        "    return withUnsafePointer(to: &UnsafeMutablePointer(mutating: state).pointee._\(field.name)) { $0 }",
        "  }",
      ]
    }
    if state.needsEquality {
      let compared = state.storedProperties.map { "lhs.\($0) == rhs.\($0)" }
      if lines.count > 1 { lines.append("") }
      lines += [
        "  \(state.access)static func == (lhs: Self, rhs: Self) -> Bool {",
        "    " + (compared.isEmpty ? "true" : compared.joined(separator: " && ")),
        "  }",
      ]
    }
    if state.needsHashing {
      lines += [
        "",
        "  \(state.access)func hash(into hasher: inout Hasher) {",
      ]
      lines += state.storedProperties.map { "    hasher.combine(\($0))" }
      lines.append("  }")
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }
}

extension StateDeclaration {
  /// Whether the generator has nothing to write for this state.
  var isLeftAsWritten: Bool {
    fields.isEmpty && strategyParameter == nil && !needsEquality && !needsHashing
  }
}
