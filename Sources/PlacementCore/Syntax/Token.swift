/// A lexical token. Keywords are identifiers: the parser gives words meaning by position, so an attribute
/// may be called `version` or `test` without quoting.
package struct Token: Sendable, Hashable {
  package enum Kind: Sendable, Hashable {
    case identifier
    /// A string literal; ``Token/value`` holds the unescaped text.
    case string
    /// A number or version literal as written: `25`, `-3.5`, `2.3`, `1.0.0-rc.1`.
    case number
    /// A `/pattern/` after `matches`; ``Token/value`` holds the pattern without slashes.
    case regex
    case leftParen, rightParen, leftBracket, rightBracket, leftBrace, rightBrace
    case comma, colon, equals, percent, arrow
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    /// A character that starts no token; the lexer has already reported it.
    case invalid
    case endOfFile
  }

  package let kind: Kind
  package let range: SourceRange
  /// The token's text (for strings and regexes: the unescaped contents).
  package let value: String
  /// True when a line break precedes this token (used by the formatter and for friendlier recovery).
  package let atLineStart: Bool

  package init(_ kind: Kind, _ range: SourceRange, _ value: String, atLineStart: Bool) {
    self.kind = kind
    self.range = range
    self.value = value
    self.atLineStart = atLineStart
  }

  /// True for an identifier with exactly this text.
  package func isWord(_ word: String) -> Bool { kind == .identifier && value == word }
}

/// A `#` comment, kept for the formatter.
package struct Comment: Sendable, Hashable {
  package let range: SourceRange
  /// The comment text including the leading `#`.
  package let text: String
  /// True when code precedes the comment on its line.
  package let trailing: Bool
}
