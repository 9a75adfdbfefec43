/// Finds the states of one Swift source file whose accessors the generator
/// writes, line by line over the file's code with comments and strings blanked
/// (``SwiftCodeMask``).
///
/// A state is a `struct` whose own declaration lists `ObservableState`. Its
/// observed fields are its stored properties named `_name` at its top level,
/// each with a written type (`var _count: Int = 0`): the type is the
/// accessor's, which the generator cannot infer. They are numbered in
/// declaration order, from 0, so no two can share a number; a hand-written
/// accessor in the same declaration (`access(n)`, `didSet(n)`, …) must number
/// its field past them, and one that does not is an error at its line. A
/// `private` backing store is a hand-written field's and is left alone, as is
/// anything else declared in the state.
public struct StateScanner {
  /// The file's path, for diagnostics.
  public let file: String
  /// The file's `import` lines, as written: what the generated file imports for
  /// the fields' types.
  public private(set) var imports: [String] = []
  /// The states found, in declaration order.
  public private(set) var states: [StateDeclaration] = []
  /// What cannot be generated, in line order.
  public private(set) var errors: [GenerationError] = []

  /// Scans `source`, the text of `file`.
  public init(file: String, source: String) {
    self.file = file
    let original = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    scan(SwiftCodeMask(source).lines, original: original)
  }

  /// An open brace: a type's body, or any other block.
  private enum Frame {
    case type(name: String, stateIndex: Int?)
    case block
  }

  /// A type declaration whose `{` has not been met yet.
  private struct Header {
    var keyword: String
    var name: String
    var modifiers: String
    var text: String
    var line: Int
  }

  /// Hand-written field numbers, checked once the state's fields are all known.
  private var handNumbers: [(state: Int, number: Int, line: Int)] = []

  private mutating func scan(_ lines: [String], original: [String]) {
    var frames: [Frame] = []
    var header: Header?
    for (offset, line) in lines.enumerated() {
      let number = offset + 1
      if frames.isEmpty, let match = line.wholeMatch(of: Self.importLine) {
        imports.append(String(match.0).trimmingSpaces())
      }
      let directState: Int? =
        if case .type(_, let index?) = frames.last { index } else { nil }
      let innermostState =
        frames.reversed().lazy.compactMap { frame -> Int?? in
          if case .type(_, let index) = frame { index } else { nil }
        }.first ?? nil
      if let state = directState {
        member(line, number: number, original: original, offset: offset, of: state)
      }
      if let state = innermostState {
        for match in line.matches(of: Self.handNumberedCall) {
          handNumbers.append((state, Int(match.output.1)!, number))
        }
      }
      if header == nil, let match = line.firstMatch(of: Self.typeHeader) {
        header = Header(
          keyword: String(match.output.2), name: String(match.output.3), modifiers: String(match.output.1),
          text: "", line: number)
      }
      for character in line {
        if character == "{" {
          if let open = header {
            frames.append(.type(name: open.name, stateIndex: declare(open, in: frames)))
            header = nil
          } else {
            frames.append(.block)
          }
        } else if character == "}" {
          _ = frames.popLast()
        } else if header != nil {
          header!.text.append(character)
        }
      }
      if header != nil { header!.text.append(" ") }
    }
    for (state, number, line) in handNumbers where number < states[state].fields.count {
      let field = states[state].fields[number]
      errors.append(
        GenerationError(
          file: file, line: line,
          message:
            "field \(number) of \(states[state].name) is `_\(field.name)`'s generated number; number "
            + "hand-written fields from \(states[state].fields.count)"))
    }
    errors.sort { $0.line < $1.line }
  }

  /// Records the type opened by `header` if it is a state; returns its index.
  private mutating func declare(_ header: Header, in frames: [Frame]) -> Int? {
    guard header.keyword == "struct" else { return nil }
    let clause = header.text.split(separator: "{").first.map(String.init) ?? header.text
    guard clause.contains(Self.word("ObservableState")) else { return nil }
    let outer = frames.compactMap { frame -> String? in
      if case .type(let name, _) = frame { name } else { nil }
    }
    let name = (outer + [header.name]).joined(separator: ".")
    if header.modifiers.contains(Self.word("private")) || header.modifiers.contains(Self.word("fileprivate")) {
      errors.append(
        GenerationError(
          file: file, line: header.line,
          message: "\(name) is private; the generated accessors live in another file, so declare it internal"))
    }
    let access =
      header.modifiers.contains(Self.word("public"))
      ? "public " : header.modifiers.contains(Self.word("package")) ? "package " : ""
    let strategy = clause.firstMatch(of: Self.strategyParameter).map { String($0.output.1) }
    states.append(
      StateDeclaration(
        name: name, access: access, strategyParameter: strategy, fields: [], storedProperties: [],
        needsEquality: clause.contains(Self.word("Equatable")) || clause.contains(Self.word("Hashable")),
        needsHashing: clause.contains(Self.word("Hashable")), line: header.line))
    return states.count - 1
  }

  /// Reads one line at the top level of state `index`'s body.
  private mutating func member(_ line: String, number: Int, original: [String], offset: Int, of index: Int) {
    if line.contains(Self.word("typealias Strategy")) { states[index].strategyParameter = nil }
    if line.contains(Self.equalityOperator) { states[index].needsEquality = false }
    if line.contains(Self.hashInto) { states[index].needsHashing = false }
    guard let match = line.wholeMatch(of: Self.property) else { return }
    let modifiers = String(match.output.1)
    let name = String(match.output.3)
    let rest = String(match.output.4)
    if modifiers.contains(Self.word("static")) || modifiers.contains(Self.word("class")) { return }
    // `var x: T {` is computed; `var x = v { didSet … }` and `var f = { … }` are stored.
    if let brace = rest.firstIndex(of: "{"), !rest[..<brace].contains("=") { return }
    if name != "_$registrar" { states[index].storedProperties.append(name) }
    guard name.hasPrefix("_"), let first = name.dropFirst().first, first.isLetter, match.output.2 == "var" else {
      return
    }
    let accessor = String(name.dropFirst())
    // A private backing store is a hand-written field's: its accessor is in this
    // file, and the generated one could not reach it.
    if modifiers.contains(Self.word("private")) || modifiers.contains(Self.word("fileprivate")) { return }
    guard let typed = rest.wholeMatch(of: Self.typeAnnotation) else {
      error(number, "observed field `\(name)` needs its type written, as in `var \(name): Int = 0`")
      return
    }
    let type = String(typed.output.1).trimmingSpaces()
    var documentation: [String] = []
    var previous = offset - 1
    while previous >= 0, original[previous].trimmingSpaces().hasPrefix("///") {
      documentation.insert(original[previous].trimmingSpaces(), at: 0)
      previous -= 1
    }
    let field = StateDeclaration.Field(
      name: accessor, type: type, number: states[index].fields.count, documentation: documentation, line: number)
    if field.number == 63 {
      error(number, "\(states[index].name) has more than 63 observed fields; a field past 62 shares its bit")
    }
    states[index].fields.append(field)
  }

  private mutating func error(_ line: Int, _ message: String) {
    errors.append(GenerationError(file: file, line: line, message: message))
  }

  private static func word(_ word: String) -> Regex<Substring> {
    try! Regex("\\b\(word)\\b")
  }

  nonisolated(unsafe) private static let importLine = #/\s*(@\w+\s+)*import\s+[\w.]+\s*/#
  nonisolated(unsafe) private static let typeHeader =
    #/
    ^ \s* ( (?: @\w+ (?: \( [^)]* \) )? \s+
          | (?: public | package | internal | fileprivate | private | final | indirect ) \s+ )* )
    ( struct | enum | class | actor | extension | protocol ) \s+
    ( [A-Za-z_]\w* (?: \. [A-Za-z_]\w* )* )
    /#
  nonisolated(unsafe) private static let property =
    #/
    \s* ( (?: @\w+ (?: \( [^)]* \) )? \s+
          | (?: public | package | internal | fileprivate | private | static | class | final | lazy
              | nonisolated | weak | unowned ) (?: \( (?: set | unsafe ) \) )? \s+ )* )
    ( var | let ) \s+ ( _? \$? [A-Za-z_]\w* ) ( .* )
    /#
  nonisolated(unsafe) private static let typeAnnotation = #/\s*:\s*([^=]+?)\s*(?:=.*)?/#
  nonisolated(unsafe) private static let strategyParameter = #/<\s*(\w+)\s*:\s*ObservationStrategy\s*>/#
  nonisolated(unsafe) private static let handNumberedCall =
    #/\b(?:access|didSet|didModify|willChangeInPlace)\(\s*(\d+)\s*[,)]/#
  nonisolated(unsafe) private static let equalityOperator = #/static\s+func\s+==/#
  nonisolated(unsafe) private static let hashInto = #/func\s+hash\s*\(\s*into/#
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
