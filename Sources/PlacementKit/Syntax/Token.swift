/// A lexical token. Keywords are identifiers: the parser gives words meaning by position, so an attribute
/// may be called `version` or `test` without quoting.
public struct Token: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
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

  public let kind: Kind
  public let range: SourceRange
  /// The token's text (for strings and regexes: the unescaped contents).
  public let value: String
  /// True when a line break precedes this token (used by the formatter and for friendlier recovery).
  public let atLineStart: Bool

  public init(_ kind: Kind, _ range: SourceRange, _ value: String, atLineStart: Bool) {
    self.kind = kind
    self.range = range
    self.value = value
    self.atLineStart = atLineStart
  }

  /// True for an identifier with exactly this text.
  public func isWord(_ word: String) -> Bool { kind == .identifier && value == word }
}

/// A `#` comment, kept for the formatter.
public struct Comment: Sendable, Hashable {
  public let range: SourceRange
  /// The comment text including the leading `#`.
  public let text: String
  /// True when code precedes the comment on its line.
  public let trailing: Bool
}
