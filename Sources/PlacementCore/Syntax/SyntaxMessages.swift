/// The lexer's and parser's messages: every syntax diagnostic's wording, as a function of typed arguments
/// (swift-syntax's `ParserDiagnosticMessages.swift`). Report sites use these, never a string literal.
extension DiagnosticMessage {
  // MARK: Lexer

  /// A run of characters that start no token. A character other than ASCII is named by its code point, and by
  /// its Unicode name and the ASCII it imitates when ``Confusables`` knows it: `unexpected character 'о'
  /// (U+043E CYRILLIC SMALL LETTER O, looks like 'o')`; a run names its first character.
  static func unexpectedCharacters(_ text: String, count: Int) -> Self {
    let named = text.unicodeScalars.first.flatMap { $0.isASCII ? nil : " (\(Confusables.describe($0)))" } ?? ""
    return .init(
      SyntaxCatalog.unexpectedCharacter,
      "unexpected character\(count == 1 ? "" : "s") '\(UntrustedText.escaped(text, limit: 20))'\(named)")
  }

  static var loneCarriageReturn: Self {
    .init(
      SyntaxCatalog.loneCarriageReturn,
      "lines end in a lone \\r (classic Mac line endings); save the file with \\n (or \\r\\n) line endings")
  }

  /// Bytes that are not UTF-8 (shown as `\xFF`, at most 8 of them).
  static func invalidUTF8(_ bytes: some Collection<UInt8>) -> Self {
    let shown = bytes.prefix(8).map { "\\x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2, with: "0") }
    let more = bytes.count > 8 ? "…" : ""
    return .init(
      SyntaxCatalog.invalidUTF8,
      "invalid UTF-8 byte\(bytes.count == 1 ? "" : "s") \(shown.joined())\(more): rules files must be UTF-8")
  }

  static var unterminatedString: Self { .init(SyntaxCatalog.unterminatedString, "unterminated string literal") }

  static var invalidEscape: Self {
    .init(SyntaxCatalog.invalidEscape, "invalid escape sequence in string literal")
  }

  static var unterminatedPattern: Self {
    .init(SyntaxCatalog.unterminatedRegex, "unterminated pattern literal: expected a closing '/'")
  }

  /// `&&`, `||`, `!`, `=`, `=>`, `=<` or `<>` where the language spells the operator `and`, `or`, `not`, `==`,
  /// `>=`, `<=` or `!=`.
  static func foreignOperator(_ written: String, use replacement: String) -> Self {
    .init(SyntaxCatalog.operatorSpelling, "'\(written)' is not an operator here: use '\(replacement)'")
  }

  // MARK: Parser

  /// A construct that must follow (``Expected``, which also gives the code) and what stands there instead.
  static func expected(_ what: Expected, found: Found) -> Self {
    .init(what.code, "expected \(what.description), found \(found.description)")
  }

  static func unknownType(_ word: String) -> Self {
    .init(
      SyntaxCatalog.expectedType,
      "unknown type '\(word)': expected string, number, bool, version, date, choice(...) or choices(...)")
  }

  static func unknownSourceKind(_ word: String) -> Self {
    .init(SyntaxCatalog.unknownSourceKind, "unknown source kind '\(word)': expected quiz, input or toggle")
  }

  static func screenNamedTwice(prefix: String, after: String) -> Self {
    .init(
      SyntaxCatalog.screenNamedTwice,
      "the screen is named twice: '\(prefix)' before the '/' and '\(after)' after 'on screen'; name it once")
  }

  static func unknownContentType(_ word: String) -> Self {
    .init(SyntaxCatalog.unknownContentType, "unknown content type '\(word)': expected flow or paywall")
  }

  /// A date written without quotes (`2026-01-01`), which lexes as numbers.
  static func unquotedDate(_ text: String) -> Self {
    .init(SyntaxCatalog.unquotedDate, "dates are quoted: write \"\(text)\"")
  }

  /// `until "…" from "…"`: a schedule names its start first.
  static var windowOrder: Self {
    .init(SyntaxCatalog.expectedToken, "'from' comes before 'until': write 'from \"<instant>\" until \"<instant>\"'")
  }

  static var nestedList: Self { .init(SyntaxCatalog.expectedValue, "lists cannot be nested") }

  static func nestingTooDeep(limit: Int) -> Self {
    .init(SyntaxCatalog.nestingTooDeep, "condition is nested more than \(limit) levels deep (parentheses and 'not')")
  }

  static func fileTooLarge(size: Int, limit: Int) -> Self {
    .init(SyntaxCatalog.fileTooLarge, "rules file is \(size) bytes, over the limit of \(limit) bytes")
  }

  static func tooManyErrors(_ count: Int) -> Self {
    .init(SyntaxCatalog.tooManyErrors, "too many syntax errors: \(count) more in this file were not reported")
  }
}

extension Note {
  /// After `nesting-too-deep`: the parser skipped the rest of the condition.
  static var conditionSkipped: Note { Note("split it into named segments; the rest of this condition was skipped") }
}

extension FixIt {
  /// After `unexpected-character` on invisible characters or bidirectional controls.
  static func removeCharacter(at span: SourceSpan) -> FixIt {
    FixIt(message: "remove the invisible character", span: span, replacement: "")
  }

  /// After `unexpected-character` on spaces other than ASCII: `spaces` are as many ASCII spaces.
  static func useSpaces(_ spaces: String, at span: SourceSpan) -> FixIt {
    FixIt(message: "use ASCII spaces", span: span, replacement: spaces)
  }
}

extension String {
  func leftPadded(to width: Int, with pad: Character) -> String {
    count >= width ? self : String(repeating: pad, count: width - count) + self
  }
}
