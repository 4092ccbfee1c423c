import PlacementCore

/// `# placement-lint: disable=<code>[,<code>…]` comments.
///
/// A comment on a line of its own suppresses the named lint codes on the next line; a comment after code
/// suppresses them on its own line. Only lint findings can be suppressed: compiler diagnostics describe rules
/// that do not work as written.
struct Suppressions {
  /// Codes suppressed per file name and 1-based line.
  private var codes: [String: [Int: Set<String>]] = [:]

  init(files: [RuleFileSyntax]) {
    for tree in files {
      for comment in tree.comments {
        guard let directive = SuppressionDirective(comment.text), !directive.codes.isEmpty else { continue }
        let line = tree.file.location(of: comment.range.start).line
        let target = comment.trailing ? line : line + 1
        codes[tree.file.name, default: [:]][target, default: []].formUnion(directive.codes)
      }
    }
  }

  /// True when a comment suppresses this lint finding.
  func suppresses(_ diagnostic: Diagnostic) -> Bool {
    guard let span = diagnostic.span, LintCatalog.contains(diagnostic.code) else { return false }
    return codes[span.file.name]?[span.location.line]?.contains(diagnostic.code.id) == true
  }
}

/// A parsed `placement-lint:` comment.
struct SuppressionDirective: Equatable {
  /// The codes named after `disable=` (empty when the directive is malformed).
  let codes: [String]
  /// Why the directive cannot be read, or nil.
  let problem: String?

  static let prefix = "placement-lint:"

  /// Reads a comment's text (with its `#`); nil when it is not a `placement-lint:` comment at all.
  init?(_ comment: String) {
    var text = Substring(comment)
    while text.first == "#" { text = text.dropFirst() }
    text = text.drop { $0 == " " || $0 == "\t" }
    guard text.hasPrefix(Self.prefix) else { return nil }
    text = text.dropFirst(Self.prefix.count).drop { $0 == " " || $0 == "\t" }
    guard text.hasPrefix("disable=") else {
      codes = []
      problem = "expected 'disable=<code>' after 'placement-lint:'"
      return
    }
    text = text.dropFirst("disable=".count)
    // Codes are separated by commas (spaces around them allowed); anything after the list is a free comment.
    var list: [String] = []
    var current = ""
    var afterComma = true
    for character in text {
      if character == "," {
        list.append(current)
        current = ""
        afterComma = true
      } else if character == " " || character == "\t" {
        if !afterComma && !current.isEmpty { break }
      } else {
        current.append(character)
        afterComma = false
      }
    }
    list.append(current)
    let named = list.filter { !$0.isEmpty }
    codes = named
    problem = named.isEmpty ? "no code after 'disable='" : nil
  }
}
