import Foundation

/// Demangles Swift symbol names with the runtime's own demangler, and shortens
/// them to the qualified name a reader and ``ProfileGroup`` need.
enum SwiftDemangle {
  /// The demangled name of `symbol`, or `symbol` itself when it is not a Swift name.
  static func demangle(_ symbol: String) -> String {
    guard symbol.hasPrefix("$s") || symbol.hasPrefix("_$s") || symbol.hasPrefix("$S") else { return symbol }
    return symbol.withCString { pointer in
      guard let demangled = _swift_demangle(pointer, strlen(pointer), nil, nil, 0) else { return symbol }
      defer { free(demangled) }
      return String(cString: demangled)
    }
  }

  /// The qualified name of the function a demangled name is about: the
  /// specialisation, thunk and closure wrappers dropped, generic arguments and
  /// signatures removed, e.g. `ObservationCore.MutexRegistrar.willSet` for
  /// "generic specialization <…> of ObservationCore.MutexRegistrar.willSet(…) -> ()",
  /// and `Benchmarks.Reads.untracked` for a closure inside it.
  ///
  /// A C++ name (the runtime's, the standard library's; valgrind demangles
  /// them) keeps its qualified name: `swift::RefCounts::doDecrementSlow` for
  /// "bool swift::RefCounts<…>::doDecrementSlow<…>(…)", not its return type.
  static func qualifiedName(_ demangled: String) -> String {
    if demangled.contains("::") {
      let plain = removingGroups(from: demangled)
      if let name = plain.split(separator: " ").last(where: { $0.contains("::") }) { return String(name) }
    }
    var text = droppingSpecializationHeaders(demangled)
    // A thunk between two closure types is about no function of its own.
    if text.hasPrefix("reabstraction thunk") { return "reabstraction thunk" }
    // "(tracked in _9736CE…)" names a private declaration; "(extension in M):"
    // an extension's module: keep the name, drop the rest.
    text = text.replacingOccurrences(
      of: #"\((\w+) in _[0-9A-F]+\)"#, with: "$1", options: .regularExpression)
    text = text.replacingOccurrences(of: #"\(extension in [^)]*\):"#, with: "", options: .regularExpression)
    if let range = text.range(of: " in conformance ") { text = String(text[..<range.lowerBound]) }
    text = removingGroups(from: text)
    if let range = text.range(of: " in ", options: .backwards) {
      text = String(text[range.upperBound...])
    }
    // "protocol witness for X", "dispatch thunk of X", "… value witness for X":
    // the function is about X.
    for marker in [" for ", " of "] {
      if let range = text.range(of: marker, options: .backwards) { text = String(text[range.upperBound...]) }
    }
    for prefix in [
      "generic specialization  of ", "function signature specialization  of ", "specialized ",
      "partial apply forwarder for ", "partial apply for ", "merged ", "static ", "outlined copy of ",
      "outlined destroy of ", "outlined retain of ", "outlined release of ", "reabstraction thunk helper  from ",
    ] where text.hasPrefix(prefix) {
      text = String(text.dropFirst(prefix.count))
    }
    while text.hasPrefix("generic specialization  of ") || text.hasPrefix("function signature specialization  of ") {
      text = String(text[text.range(of: " of ")!.upperBound...])
    }
    let cut = text.firstIndex { $0 == " " || $0 == ":" } ?? text.endIndex
    return String(text[..<cut])
  }

  // Drops the "[merged] [function signature | generic …] specialization <…> of "
  // headers in front of a name. Their parameter lists leave a closure
  // argument's "[" open and may name other functions ("… of X"), so each is
  // skipped to the ">" that closes its "<", counting only angle brackets.
  private static func droppingSpecializationHeaders(_ text: String) -> String {
    let headers = [
      "function signature specialization <", "generic specialization <", "generic partial specialization <",
      "generic not re-abstracted specialization <",
    ]
    var rest = Substring(text)
    while true {
      var header = rest
      if header.hasPrefix("merged ") { header = header.dropFirst("merged ".count) }
      guard let open = headers.first(where: { header.hasPrefix($0) }) else { break }
      var depth = 0
      var previous: Character = " "
      var end: Substring.Index?
      for index in header.indices[header.index(header.startIndex, offsetBy: open.count - 1)...] {
        let character = header[index]
        if character == "<" { depth += 1 }
        if character == ">", previous != "-" {
          depth -= 1
          if depth == 0 {
            end = header.index(after: index)
            break
          }
        }
        previous = character
      }
      guard let end, header[end...].hasPrefix(" of ") else { break }
      rest = header[header.index(end, offsetBy: " of ".count)...]
    }
    return String(rest)
  }

  // Drops every balanced (…), <…> and […] group, so that no type in a signature
  // or a generic argument is mistaken for the function's own context. A "->"
  // arrow's ">" is not a group's end.
  private static func removingGroups(from text: String) -> String {
    var result = ""
    var depth = 0
    var previous: Character = " "
    for character in text {
      switch character {
      case "(", "<", "[":
        depth += 1
      case ")", "]":
        depth = max(0, depth - 1)
      case ">" where previous != "-":
        depth = max(0, depth - 1)
      default:
        if depth == 0 { result.append(character) }
      }
      previous = character
    }
    return result
  }
}

@_silgen_name("swift_demangle")
private func _swift_demangle(
  _ mangledName: UnsafePointer<CChar>?, _ mangledNameLength: Int,
  _ outputBuffer: UnsafeMutablePointer<CChar>?, _ outputBufferSize: UnsafeMutablePointer<Int>?,
  _ flags: UInt32
) -> UnsafeMutablePointer<CChar>?
