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
/// (`_modify` for children and collections only: see
/// ``StateDeclaration/Field/changesInPlace(states:)``)
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
    let states = Set(scanners.flatMap { $0.states.map(\.baseName) })
    for scanner in scanners {
      for state in scanner.states where !state.isLeftAsWritten {
        text += "\n" + extensionText(for: state, states: states)
      }
    }
    return text
  }

  /// The extension of one state; `states` holds the names of the states
  /// declared beside it, which tell a child field from a plain one.
  public static func extensionText(for state: StateDeclaration, states: Set<String> = []) -> String {
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
      ]
      if field.changesInPlace(states: states) {
        lines += [
          "    _modify {",
          "      let before = _$modifyToken(_\(field.name))",
          "      yield &_\(field.name)",
          "      _$noteModify(\(n), before, _\(field.name))",
          "    }",
        ]
      }
      lines += [
        "  }",
        "",
        "  /// `\(field.name)` of the state at `state`, where it is stored, with the same read recorded:",
        "  /// a step of a `.locate` path of `Store.scope`, which copies nothing. The",
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

extension StateDeclaration {
  /// The name without the types it is nested in, as a field's type names it.
  var baseName: String { String(name.split(separator: ".").last ?? "") }
}

extension StateDeclaration.Field {
  /// Whether the accessor changes the field in place (`_modify`): a child state
  /// (one declared beside this state, an `IdentifiedArray`, or an optional of
  /// either), so that `state.child.count += 1` changes the child where it is
  /// stored; or a collection, so that `state.tags.append(t)` copies nothing.
  ///
  /// Any other field changes by `get` then `set`: the set's rule (equal values
  /// note nothing), and no coroutine, which costs a change through a row store
  /// about 45 instructions more than `get`/`set` (`mutations/render-mutate`).
  public func changesInPlace(states: Set<String>) -> Bool {
    var type = self.type.filter { $0 != " " }
    if type.hasSuffix("?") { type.removeLast() }
    if type.hasPrefix("Optional<") && type.hasSuffix(">") { type = String(type.dropFirst(9).dropLast()) }
    if type.hasPrefix("[") { return true }
    let base = type.prefix { $0 != "<" }
    let name = base.split(separator: ".").last.map(String.init) ?? ""
    let collections: Set<String> = ["Array", "ContiguousArray", "Dictionary", "Set", "IdentifiedArray"]
    return collections.contains(name) || states.contains(name)
  }
}
