import BenchmarkKit

extension ProfileExplanation {
  /// Functions of both sides paired up: each function of either side in exactly
  /// one pair, so that no instruction is left out of the sums.
  struct Pair {
    var name: String
    var match: Match
    var before: [KeptProfile.Function]
    var after: [KeptProfile.Function]
  }

  /// Pairs functions by demangled name, then the rest by ``normalisedName(_:)``,
  /// then leaves the rest new or vanished.
  static func match(before: [KeptProfile.Function], after: [KeptProfile.Function]) -> [Pair] {
    let beforeByName = Dictionary(before.map { ($0.name, $0) }, uniquingKeysWith: Self.merged)
    let afterByName = Dictionary(after.map { ($0.name, $0) }, uniquingKeysWith: Self.merged)
    var pairs = [Pair]()
    for (name, function) in afterByName {
      if let old = beforeByName[name] {
        pairs.append(Pair(name: name, match: .same, before: [old], after: [function]))
      }
    }
    let onlyBefore = beforeByName.filter { afterByName[$0.key] == nil }
    let onlyAfter = afterByName.filter { beforeByName[$0.key] == nil }
    let beforeByKey = Dictionary(grouping: onlyBefore.values) { normalisedName($0.name) }
    let afterByKey = Dictionary(grouping: onlyAfter.values) { normalisedName($0.name) }
    for key in Set(beforeByKey.keys).union(afterByKey.keys) {
      let old = (beforeByKey[key] ?? []).sorted { $0.name < $1.name }
      let new = (afterByKey[key] ?? []).sorted { $0.name < $1.name }
      if !old.isEmpty && !new.isEmpty {
        pairs.append(
          Pair(name: key, match: .renamed(before: old.map(\.name), after: new.map(\.name)), before: old, after: new))
      } else {
        pairs += old.map { Pair(name: $0.name, match: .vanished, before: [$0], after: []) }
        pairs += new.map { Pair(name: $0.name, match: .new, before: [], after: [$0]) }
      }
    }
    return pairs
  }

  /// A demangled name without its specialisation prefixes ("generic
  /// specialization <…> of ", "function signature specialization <…> of ",
  /// "merged ") and with every generic argument list shown as `<…>`: what two
  /// specialisations of one function share, whether the compiler specialised
  /// them differently between builds or for two strategies' types.
  public static func normalisedName(_ name: String) -> String {
    erasingGenericArguments(withoutSpecialisation(name))
  }

  static func withoutSpecialisation(_ name: String) -> String {
    var text = Substring(name)
    var changed = true
    while changed {
      changed = false
      if text.hasPrefix("merged ") {
        text = text.dropFirst("merged ".count)
        changed = true
      }
      for prefix in [
        "generic specialization ", "generic not re-abstracted specialization ", "function signature specialization ",
        "specialized ",
      ]
      where text.hasPrefix(prefix) {
        var rest = text.dropFirst(prefix.count)
        if rest.first == "<", let end = closingBracket(of: rest) {
          rest = rest[rest.index(after: end)...]
        }
        if rest.hasPrefix(" of ") { rest = rest.dropFirst(4) }
        text = rest
        changed = true
      }
    }
    return String(text)
  }

  // "A<B<C>>.f(D<E>)" → "A<…>.f(D<…>)"; a "->" arrow's ">" closes nothing.
  static func erasingGenericArguments(_ name: String) -> String {
    var result = ""
    var depth = 0
    var previous: Character = " "
    for character in name {
      if character == "<" {
        if depth == 0 { result += "<…>" }
        depth += 1
      } else if character == ">" && previous != "-" && depth > 0 {
        depth -= 1
      } else if depth == 0 {
        result.append(character)
      }
      previous = character
    }
    return result
  }

  // The index of the ">" closing the "<" `text` starts with; a "->" arrow's ">"
  // closes nothing.
  private static func closingBracket(of text: Substring) -> Substring.Index? {
    var depth = 0
    var previous: Character = " "
    for index in text.indices {
      let character = text[index]
      if character == "<" { depth += 1 }
      if character == ">" && previous != "-" {
        depth -= 1
        if depth == 0 { return index }
      }
      previous = character
    }
    return nil
  }

  // Two records of one name (not written by obsbench, which merges them) are summed.
  private static func merged(_ a: KeptProfile.Function, _ b: KeptProfile.Function) -> KeptProfile.Function {
    var sum = a
    for (group, count) in b.parts { sum.parts[group, default: 0] += count }
    sum.inclusiveInstructions += b.inclusiveInstructions
    return sum
  }
}
