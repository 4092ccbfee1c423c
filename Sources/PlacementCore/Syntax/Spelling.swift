/// How a name or a text is written in the rules language so that the lexer reads it back as it is: the one
/// spelling the formatter, the compiler's fix-its and the language server's renames use (docs/Language.md).
package enum Spelling {
  /// True for a name the lexer reads as one identifier: an ASCII letter or `_`, then letters, digits or `_`.
  package static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, first.isIdentifierStart else { return false }
    return text.utf8.allSatisfy(\.isIdentifierContinue)
  }

  /// True for a word of the language that names nothing (``Parser/reservedWords``: `and`, `true`, `segment`, …).
  package static func isReserved(_ text: String) -> Bool { Parser.reservedWords.contains(text) }

  /// `text` as a word where the language takes a word or a string (an option id in a condition): bare when it
  /// is an identifier and not reserved, else a string literal.
  package static func word(_ text: String) -> String {
    isIdentifier(text) && !isReserved(text) ? text : quoted(text)
  }

  /// A string literal with `"`, `\`, newline and tab escaped.
  package static func quoted(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
