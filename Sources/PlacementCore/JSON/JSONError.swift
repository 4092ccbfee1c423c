/// An error found while reading a JSON document (RFC 8259), with the byte offset where it was found.
///
/// `kind` is the stable part: tests and machine consumers match it (its `rawValue` is a stable code such as
/// `"syntax"`). `message` is for people: lower-case, no trailing period. `offset` is a zero-based byte offset
/// into the input (line and column are computed on demand by whoever renders the error).
package struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The category of a JSON error; the raw value is a stable code.
  package enum Kind: String, Sendable, Equatable {
    /// The input breaks the RFC 8259 grammar (including `NaN`, comments, trailing commas, leading zeros,
    /// unescaped control characters, bad escapes and lone surrogates in `\u` escapes).
    case syntax
    /// The input ended before the value was complete; `offset` is the input length.
    case unexpectedEnd
    /// A string holds bytes that are not well-formed UTF-8 (Unicode 15, table 3-7); `offset` is the
    /// first byte of the ill-formed sequence.
    case invalidUTF8
    /// Arrays and objects are nested deeper than `JSONLimits.maxDepth`; `offset` is the opening bracket
    /// that went over the limit.
    case tooDeep
    /// The input is longer than `JSONLimits.maxBytes`; nothing was parsed; `offset` is `maxBytes`.
    case tooLarge
    /// A string or key decodes to more than `JSONLimits.maxStringBytes` UTF-8 bytes; `offset` is its
    /// opening quote.
    case stringTooLong
    /// A number's magnitude is too large for a `Double` (it would round to infinity, e.g. `1e400`);
    /// `offset` is the number's first byte.
    case numberOutOfRange
  }

  /// The category of the error.
  package let kind: Kind
  /// A human-readable message: lower-case, no trailing period.
  package let message: String
  /// The zero-based byte offset into the input where the error was found.
  package let offset: Int

  /// Creates an error.
  /// - Parameters:
  ///   - kind: The category.
  ///   - message: A lower-case message without a trailing period.
  ///   - offset: The zero-based byte offset of the error in the input.
  package init(kind: Kind, message: String, offset: Int) {
    self.kind = kind
    self.message = message
    self.offset = offset
  }

  /// `"<message> at byte <offset>"`.
  package var description: String { "\(message) at byte \(offset)" }
}

// MARK: - Message catalogue (one place for every wording)

extension JSONError {
  static func syntax(_ message: String, at offset: Int) -> JSONError {
    JSONError(kind: .syntax, message: message, offset: offset)
  }

  static func unexpectedEnd(_ context: String, at offset: Int) -> JSONError {
    JSONError(kind: .unexpectedEnd, message: "unexpected end of input \(context)", offset: offset)
  }

  static func invalidUTF8(at offset: Int) -> JSONError {
    JSONError(kind: .invalidUTF8, message: "invalid utf-8 byte sequence", offset: offset)
  }

  static func tooDeep(limit: Int, at offset: Int) -> JSONError {
    JSONError(kind: .tooDeep, message: "nesting deeper than the limit of \(limit) levels", offset: offset)
  }

  static func tooLarge(size: Int, limit: Int) -> JSONError {
    JSONError(
      kind: .tooLarge, message: "input of \(size) bytes exceeds the limit of \(limit) bytes", offset: limit)
  }

  static func stringTooLong(limit: Int, at offset: Int) -> JSONError {
    JSONError(kind: .stringTooLong, message: "string longer than the limit of \(limit) bytes", offset: offset)
  }

  static func numberOutOfRange(at offset: Int) -> JSONError {
    JSONError(kind: .numberOutOfRange, message: "number out of range", offset: offset)
  }

  static let expectedValue = "expected a value"
  static func nonFiniteNumber(_ word: String) -> String {
    "\(word) is not a JSON number (JSON numbers are finite; send null or leave the member out)"
  }
  static let expectedKey = "expected a string key"
  static let expectedColon = "expected ':' after an object key"
  static let expectedArrayDelimiter = "expected ',' or ']' after an array element"
  static let expectedObjectDelimiter = "expected ',' or '}' after an object member"
  package static let trailingData = "unexpected data after the top-level value"
  static let leadingZero = "leading zeros are not allowed in numbers"
  static let expectedDigit = "expected a digit in a number"
  static let controlCharacter = "control character in a string must be escaped"
  static let invalidEscape = "invalid escape sequence in a string"
  static let invalidUnicodeEscape = "invalid \\u escape, expected 4 hexadecimal digits"
  static let loneSurrogate = "lone surrogate in a \\u escape"
}

extension JSONError {
  /// The 1-based line and column of ``offset`` in `bytes`, counted as rules diagnostics count them (columns in
  /// characters; see ``SourceFile/location(of:)``): the one conversion from a JSON byte offset to a position.
  package func location(in bytes: some Collection<UInt8>) -> SourcePosition {
    let file = SourceFile(name: "", bytes: Array(bytes.prefix(offset + 1)))
    // A byte order mark is not part of the file's bytes (nor of its first line's columns).
    return file.location(of: max(0, offset - (file.hasByteOrderMark ? 3 : 0)))
  }
}

extension JSONError {
  /// The same error with its offset counted from `count` bytes earlier (input skipped before parsing, a BOM).
  func shifted(by count: Int) -> JSONError {
    count == 0 ? self : JSONError(kind: kind, message: message, offset: offset + count)
  }
}
