/// Why a regular expression was rejected, and where.
///
/// Every rejection names the problem in a lower-case message without a trailing period and points at it with
/// `offset`, the **UTF-8 byte offset** of the offending character within the pattern source (0 is the first byte;
/// the source's UTF-8 length means "at the end of the pattern"). Renderers turn the offset into a caret under the
/// pattern text.
package struct PatternError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, lower-case, without a trailing period (for example `"nothing to repeat"`).
  package let message: String
  /// The UTF-8 byte offset of the problem within the pattern source.
  package let offset: Int

  /// Creates an error with a message and a UTF-8 byte offset into the pattern source.
  /// - Parameters:
  ///   - message: The lower-case description of the problem.
  ///   - offset: The UTF-8 byte offset of the problem within the pattern.
  package init(message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }

  /// `"<message> at offset <offset>"`, for logs; user-facing output renders a caret instead.
  package var description: String { "\(message) at offset \(offset)" }
}

// The catalogue of every message the regular-expression stage can produce.
extension PatternError {
  static let backreference = "backreferences are not supported: they need backtracking"
  static let lookaround = "lookaround is not supported: it needs backtracking"
  static let atomicGroup = "atomic groups are not supported: they need backtracking"
  static let possessive = "possessive quantifiers are not supported: they need backtracking"
  static let inlineFlags = "inline flags such as (?i) are not supported"
  static let unsupportedGroup = "unsupported group syntax"
  static let invalidGroupName = "invalid group name"
  static let missingParenthesis = "missing closing parenthesis"
  static let unexpectedParenthesis = "unexpected closing parenthesis"
  static let nothingToRepeat = "nothing to repeat"
  static let nestedRepetition = "repetition operator follows another repetition"
  static let unterminatedClass = "unterminated character class"
  static let trailingBackslash = "trailing backslash at end of pattern"
  static let invalidHex = "invalid hexadecimal escape"
  /// The compiled program would need at least `size` instructions (the subtotal that crossed the limit; the
  /// check stops there, so a huge repetition is never expanded), more than `limit`.
  static func tooLarge(size: Int, limit: Int) -> String {
    "pattern is too large: it needs at least \(size) instructions, over the limit of \(limit)"
  }
  static let tooDeep = "groups are nested too deeply"

  static func invalidRange(_ text: String) -> String {
    "invalid character class range \(text)"
  }
  static func unsupportedEscape(_ scalar: Unicode.Scalar) -> String {
    "unsupported escape sequence \\\(scalar)"
  }
  static func unknownPOSIXClass(_ name: String) -> String {
    "unknown posix class [:\(name):]"
  }
  static func minimumExceedsMaximum(_ low: Int, _ high: Int) -> String {
    "invalid repetition {\(low),\(high)}: minimum is greater than maximum"
  }
  static func countTooLarge(_ limit: Int) -> String {
    "repetition count is greater than \(limit)"
  }
}
