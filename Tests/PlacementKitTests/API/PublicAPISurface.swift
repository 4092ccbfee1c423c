import Foundation

/// The declarations PlacementKit exports, read from the sources of the modules it re-exports and its own: every
/// declaration marked `public` or `open`, one line each, as `Module.Context: declaration` (the context is the
/// enclosing type or extended type; a top-level declaration has none). A declaration's first line is taken whole
/// and a parameter list is followed to its closing parenthesis; bodies and doc comments are left out.
///
/// The scan knows Swift only as far as the repository's formatting (two-space indentation, one declaration per
/// line). The cases of a public enum and the requirements of a public protocol are listed although they carry no
/// `public`.
enum PublicAPISurface {
  /// The modules `import PlacementKit` brings in.
  static let modules = ["PlacementCore", "PlacementAnalysis", "PlacementFormat", "PlacementKit"]

  /// The sorted list, one declaration a line, ending in a newline.
  static func list(packageRoot: URL) throws -> String {
    var lines: [String] = []
    for module in modules {
      let folder = packageRoot.appendingPathComponent("Sources/\(module)")
      let files = (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? [])
        .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
      for file in files {
        lines += declarations(in: try String(contentsOf: file, encoding: .utf8), module: module)
      }
    }
    return lines.sorted().joined(separator: "\n") + "\n"
  }

  /// The exported declarations of one source file.
  static func declarations(in text: String, module: String) -> [String] {
    let source = text.components(separatedBy: "\n")
    var contexts: [String] = []  // the enclosing type at each indentation level
    // Public enums and protocols by context, to their keyword: their cases and requirements carry no `public`.
    var unmarkedAPI: [String: String] = [:]
    var result: [String] = []
    var index = 0
    while index < source.count {
      defer { index += 1 }
      let line = source[index]
      let body = line.drop { $0 == " " }
      if body.isEmpty || body.hasPrefix("//") { continue }
      let level = (line.count - body.count) / 2
      if contexts.count > level { contexts.removeLast(contexts.count - level) }
      let words = body.split(separator: " ").map(String.init)
      let context = contexts.joined(separator: ".")
      if let keyword = words.firstIndex(where: typeKeywords.contains), keyword + 1 < words.count,
        words[..<keyword].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") })
      {
        let rest = words[(keyword + 1)...].joined(separator: " ")
        // A type by its name; an extension by everything it extends (`Array where Element == Diagnostic`).
        let name =
          words[keyword] == "extension"
          ? withoutBody(rest) : String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        while contexts.count < level { contexts.append("") }
        contexts.append(name)
        if ["enum", "protocol"].contains(words[keyword]), words[..<keyword].contains(where: { $0 == "public" }) {
          unmarkedAPI[contexts.joined(separator: ".")] = words[keyword]
        }
      }
      let marked = words.prefix(while: { $0.hasPrefix("@") || leadingModifiers.contains($0) })
        .contains(where: { $0 == "public" || $0 == "open" || $0.hasPrefix("public(") })
      // A case or a requirement sits one level inside its enum or protocol (deeper lines are bodies).
      let unmarked =
        contexts.count == level
        && (unmarkedStarts[unmarkedAPI[context] ?? ""] ?? []).contains(where: { words[0].hasPrefix($0) })
      guard marked || unmarked else { continue }
      var declaration = String(body)
      // A parameter list spread over several lines is followed to its end.
      while declaration.filter({ $0 == "(" }).count > declaration.filter({ $0 == ")" }).count,
        index + 1 < source.count
      {
        index += 1
        let next = source[index].drop { $0 == " " }
        declaration += declaration.hasSuffix("(") || next.hasPrefix(")") ? next : " " + next
      }
      result.append("\(module)\(context.isEmpty ? "" : "." + context): \(withoutBody(declaration))")
    }
    return result
  }

  /// How the declarations of an enum or a protocol that need no `public` begin.
  static let unmarkedStarts = [
    "enum": ["case", "indirect"],
    "protocol": ["func", "var", "static", "init", "mutating", "associatedtype", "subscript"],
  ]
  static let typeKeywords: Set = ["struct", "enum", "class", "protocol", "actor", "extension"]
  static let modifiers: Set = [
    "public", "package", "internal", "fileprivate", "private", "open", "final", "indirect",
  ]
  static let leadingModifiers: Set = [
    "public", "open", "final", "static", "class", "override", "convenience", "mutating", "nonisolated", "indirect",
  ]

  /// `declaration` up to its body's `{` (outside parentheses and brackets), without trailing spaces.
  static func withoutBody(_ declaration: String) -> String {
    var depth = 0
    var end = declaration.endIndex
    for index in declaration.indices {
      switch declaration[index] {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "{" where depth == 0: end = index
      default: continue
      }
      if end != declaration.endIndex { break }
    }
    return String(declaration[..<end].reversed().drop { $0 == " " }.reversed())
  }
}
