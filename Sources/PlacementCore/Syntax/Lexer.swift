/// Splits a ``SourceFile`` into tokens and comments. Never fails: a bad character becomes an `.invalid`
/// token plus a diagnostic, an unterminated string ends at the line break.
package struct Lexer {
  private let file: SourceFile
  private let bytes: [UInt8]
  private var position = 0
  private var sawNewline = true
  private var previous: Token?
  package private(set) var comments: [Comment] = []
  package private(set) var diagnostics: [Diagnostic] = []
  /// At most this many diagnostics are recorded; later ones are only counted in ``suppressedCount``.
  private let maxDiagnostics: Int
  /// Diagnostics not recorded because ``diagnostics`` was full.
  package private(set) var suppressedCount = 0
  /// Whether a line ending in a lone `\r` was reported (once per file).
  private var reportedLoneCarriageReturn = false

  /// Creates a lexer that records at most `maxDiagnostics` diagnostics (default
  /// ``SyntaxLimits/maxDiagnosticsPerFile``), so a file of garbage cannot fill memory with them.
  package init(file: SourceFile, maxDiagnostics: Int = SyntaxLimits.default.maxDiagnosticsPerFile) {
    self.file = file
    self.bytes = file.bytes
    self.maxDiagnostics = maxDiagnostics
    for range in file.invalidUTF8 {
      let invalid = Array(file.bytes[range.start..<range.end])
      report(.invalidUTF8(invalid), range.start, range.end)
    }
  }

  /// Lexes the whole file. The last token is always `.endOfFile`. When more than the default
  /// ``SyntaxLimits/maxDiagnosticsPerFile`` problems are found, the last diagnostic is a `too-many-errors`
  /// summary counting the rest.
  package static func tokenize(_ file: SourceFile) -> (tokens: [Token], comments: [Comment], diagnostics: [Diagnostic])
  {
    let lexed = tokenize(file, maxDiagnostics: SyntaxLimits.default.maxDiagnosticsPerFile)
    return (lexed.tokens, lexed.comments, lexed.diagnostics + SyntaxCatalog.tooManyErrors(lexed.suppressed, in: file))
  }

  /// Lexes the whole file, recording at most `maxDiagnostics` diagnostics and counting the others.
  static func tokenize(_ file: SourceFile, maxDiagnostics: Int) -> (
    tokens: [Token], comments: [Comment], diagnostics: [Diagnostic], suppressed: Int
  ) {
    var lexer = Lexer(file: file, maxDiagnostics: maxDiagnostics)
    var tokens: [Token] = []
    while true {
      let token = lexer.next()
      tokens.append(token)
      if token.kind == .endOfFile { break }
    }
    return (tokens, lexer.comments, lexer.diagnostics, lexer.suppressedCount)
  }

  /// The next token.
  package mutating func next() -> Token {
    skipTrivia()
    let start = position
    let lineStart = sawNewline
    sawNewline = false
    guard position < bytes.count else { return make(.endOfFile, start, "", lineStart) }
    let byte = bytes[position]
    let token: Token
    if byte.isIdentifierStart || lookAlike(at: position)?.ascii.isIdentifierStart == true {
      token = lexIdentifier(start, lineStart)
    } else if byte.isDigit || (byte == .minus && peek(1)?.isDigit == true) {
      token = lexNumber(start, lineStart)
    } else if byte == .quote {
      token = lexString(start, lineStart)
    } else if byte == .slash, previous?.isWord("matches") == true {
      token = lexRegex(start, lineStart)
    } else {
      token = lexPunctuation(start, lineStart)
    }
    previous = token
    return token
  }

  private func peek(_ ahead: Int) -> UInt8? {
    position + ahead < bytes.count ? bytes[position + ahead] : nil
  }

  private func make(_ kind: Token.Kind, _ start: Int, _ value: String, _ lineStart: Bool) -> Token {
    Token(kind, SourceRange(start: start, end: position), value, atLineStart: lineStart)
  }

  /// Records a diagnostic, or only counts it once ``diagnostics`` is full (the message is then never built).
  private mutating func report(
    _ message: @autoclosure () -> DiagnosticMessage, _ start: Int, _ end: Int, fixIts: [FixIt] = []
  ) {
    guard diagnostics.count < maxDiagnostics else {
      suppressedCount += 1
      return
    }
    let span = SourceSpan(file: file, range: SourceRange(start: start, end: end))
    diagnostics.append(Diagnostic(message(), at: span, fixIts: fixIts))
  }

  private mutating func skipTrivia() {
    while position < bytes.count {
      switch bytes[position] {
      case .newline:
        sawNewline = true
        position += 1
      case .space, .tab:
        position += 1
      case .carriageReturn:
        if isLoneCarriageReturn(at: position) {
          sawNewline = true
          reportLoneCarriageReturn()
        }
        position += 1
      case .hash:
        let start = position
        while position < bytes.count, bytes[position] != .newline, !isLoneCarriageReturn(at: position) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        comments.append(Comment(range: SourceRange(start: start, end: position), text: text, trailing: !sawNewline))
      default:
        guard skipInvisibleRun() else { return }
      }
    }
  }

  /// A name: ASCII letters, digits, `_`, and inner `.` or `-`. A letter that only looks like ASCII (a Cyrillic
  /// `о` typed for `o`) or an invisible character inside the name is reported, with a fix-it, and the name is
  /// read as the ASCII it imitates, so the rest of the file refers to the name the author meant.
  private mutating func lexIdentifier(_ start: Int, _ lineStart: Bool) -> Token {
    var value: [UInt8]?  // the name's bytes once one was replaced; until then the source bytes themselves
    while position < bytes.count {
      let byte = bytes[position]
      if byte.isIdentifierContinue {
        value?.append(byte)
        position += 1
      } else if byte == .dot || byte == .minus, peek(1)?.isIdentifierContinue == true {
        value?.append(contentsOf: [byte, bytes[position + 1]])
        position += 2
      } else if let (ascii, scalar, length) = lookAlike(at: position) {
        if value == nil { value = Array(bytes[start..<position]) }
        let span = SourceSpan(file: file, range: SourceRange(start: position, end: position + length))
        report(
          .unexpectedCharacters(String(scalar), count: 1), position, position + length,
          fixIts: [.use(String(UnicodeScalar(ascii)), at: span)])
        value?.append(ascii)
        position += length
      } else if let (scalar, length) = scalar(at: position), Confusables.isInvisible(scalar),
        position + length < bytes.count,
        bytes[position + length].isIdentifierContinue || lookAlike(at: position + length) != nil
      {
        if value == nil { value = Array(bytes[start..<position]) }
        let span = SourceSpan(file: file, range: SourceRange(start: position, end: position + length))
        report(
          .unexpectedCharacters(String(scalar), count: 1), position, position + length,
          fixIts: [.removeCharacter(at: span)])
        position += length
      } else {
        break
      }
    }
    let name = value.map { String(decoding: $0, as: UTF8.self) }
    return make(.identifier, start, name ?? String(decoding: bytes[start..<position], as: UTF8.self), lineStart)
  }

  private mutating func lexNumber(_ start: Int, _ lineStart: Bool) -> Token {
    position += 1
    var dots = 0
    while position < bytes.count {
      let byte = bytes[position]
      if byte.isDigit {
        position += 1
      } else if byte == .dot, peek(1)?.isDigit == true {
        dots += 1
        position += 1
      } else {
        break
      }
    }
    // A number may carry an exponent, signed or not (`1e3`, `2.5E-4`, `5e-324`), as in JSON (RFC 8259 §6).
    if dots <= 1, let byte = peek(0), byte | 0x20 == UInt8(ascii: "e") {
      let signed = peek(1) == UInt8.minus || peek(1) == UInt8.plus
      if peek(signed ? 2 : 1)?.isDigit == true {
        position += signed ? 2 : 1
        while peek(0)?.isDigit == true { position += 1 }
      }
    }
    // A version literal may carry a pre-release and build metadata: 1.0.0-rc.1+build.5
    if dots >= 2, let byte = peek(0), byte == .minus || byte == .plus, peek(1)?.isIdentifierContinue == true {
      position += 1
      while let byte = peek(0), byte.isIdentifierContinue || byte == .dot || byte == .minus || byte == .plus {
        position += 1
      }
    }
    // Trailing identifier characters (e.g. `12abc`) make one bad token rather than two confusing ones.
    // So do trailing `.x` parts (`2.3.x`): the checker then says why the literal is not a version or a number.
    while let byte = peek(0), byte.isIdentifierContinue || (byte == .dot && peek(1)?.isIdentifierContinue == true) {
      position += 1
    }
    return make(.number, start, String(decoding: bytes[start..<position], as: UTF8.self), lineStart)
  }

  private mutating func lexString(_ start: Int, _ lineStart: Bool) -> Token {
    position += 1
    var value: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == .quote {
        position += 1
        return make(.string, start, String(decoding: value, as: UTF8.self), lineStart)
      }
      if byte == .newline || isLoneCarriageReturn(at: position) { break }
      if byte == .backslash {
        lexEscape(into: &value)
      } else {
        value.append(byte)
        position += 1
      }
    }
    report(.unterminatedString, start, position)
    return make(.string, start, String(decoding: value, as: UTF8.self), lineStart)
  }

  private mutating func lexEscape(into value: inout [UInt8]) {
    let start = position
    position += 1
    guard let escaped = peek(0) else { return }
    position += 1
    switch escaped {
    case .quote: value.append(.quote)
    case .backslash: value.append(.backslash)
    case UInt8(ascii: "n"): value.append(.newline)
    case UInt8(ascii: "t"): value.append(.tab)
    default:
      report(.invalidEscape, start, position)
      value.append(escaped)
    }
  }

  private mutating func lexRegex(_ start: Int, _ lineStart: Bool) -> Token {
    position += 1
    var value: [UInt8] = []
    while position < bytes.count, bytes[position] != .newline, !isLoneCarriageReturn(at: position) {
      let byte = bytes[position]
      if byte == .slash {
        position += 1
        return make(.regex, start, String(decoding: value, as: UTF8.self), lineStart)
      }
      if byte == .backslash, peek(1) == .slash {
        value.append(.slash)
        position += 2
        continue
      }
      if byte == .backslash, let next = peek(1), next != .newline, !isLoneCarriageReturn(at: position + 1) {
        value.append(contentsOf: [byte, next])
        position += 2
        continue
      }
      value.append(byte)
      position += 1
    }
    report(.unterminatedPattern, start, position)
    return make(.regex, start, String(decoding: value, as: UTF8.self), lineStart)
  }

  private mutating func lexPunctuation(_ start: Int, _ lineStart: Bool) -> Token {
    let byte = bytes[position]
    let next = peek(1)
    position += 1
    let kind: Token.Kind
    switch byte {
    case UInt8(ascii: "("): kind = .leftParen
    case UInt8(ascii: ")"): kind = .rightParen
    case UInt8(ascii: "["): kind = .leftBracket
    case UInt8(ascii: "]"): kind = .rightBracket
    case UInt8(ascii: "{"): kind = .leftBrace
    case UInt8(ascii: "}"): kind = .rightBrace
    case UInt8(ascii: ","): kind = .comma
    case UInt8(ascii: ":"): kind = .colon
    case UInt8(ascii: "%"): kind = .percent
    case UInt8(ascii: "="):
      if next == UInt8(ascii: "=") { position += 1; kind = .equalEqual } else { kind = .equals }
    case UInt8(ascii: "!") where next == UInt8(ascii: "="):
      position += 1
      kind = .bangEqual
    case UInt8(ascii: "<"):
      if next == UInt8(ascii: "=") { position += 1; kind = .lessEqual } else { kind = .less }
    case UInt8(ascii: ">"):
      if next == UInt8(ascii: "=") { position += 1; kind = .greaterEqual } else { kind = .greater }
    case .minus where next == UInt8(ascii: ">"):
      position += 1
      kind = .arrow
    case UInt8(ascii: "&") where next == UInt8(ascii: "&"):
      return foreignOperator(start, lineStart, length: 2, meaning: "and")
    case UInt8(ascii: "|") where next == UInt8(ascii: "|"):
      return foreignOperator(start, lineStart, length: 2, meaning: "or")
    case UInt8(ascii: "!"):
      return foreignOperator(start, lineStart, length: 1, meaning: "not")
    default:
      // Swallow the whole run of characters that start no token (and whole multi-byte characters), so a
      // stretch of garbage is one token and one diagnostic, not one per byte.
      var characters = 1
      while position < bytes.count {
        if bytes[position] & 0xC0 == 0x80 {
          position += 1
        } else if Self.startsNoToken(bytes[position]) {
          position += 1
          characters += 1
        } else {
          break
        }
      }
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      // Bytes that are not UTF-8 were reported as such when the lexer started: one diagnostic per place.
      if !isInvalidUTF8(start..<position) { report(.unexpectedCharacters(text, count: characters), start, position) }
      return make(.invalid, start, text, lineStart)
    }
    return make(kind, start, String(decoding: bytes[start..<position], as: UTF8.self), lineStart)
  }

  /// `&&`, `||` or `!`: reported once with a fix-it, then read as the word the language uses (`and`, `or`,
  /// `not`), so the rest of the condition is checked as if it had been written so.
  private mutating func foreignOperator(_ start: Int, _ lineStart: Bool, length: Int, meaning: String) -> Token {
    position = start + length
    let written = String(decoding: bytes[start..<position], as: UTF8.self)
    let spaced = length == 1 && peek(0).map { $0 != .space && $0 != .tab } == true ? meaning + " " : meaning
    let fix = FixIt.use(
      meaning, at: SourceSpan(file: file, range: SourceRange(start: start, end: position)), replacement: spaced)
    report(.foreignOperator(written, use: meaning), start, position, fixIts: [fix])
    return make(.identifier, start, meaning, lineStart)
  }

  /// Whether every byte of `range` is in one of the file's ill-formed UTF-8 ranges.
  private func isInvalidUTF8(_ range: Range<Int>) -> Bool {
    let invalid = file.invalidUTF8
    guard !invalid.isEmpty else { return false }
    // The first ill-formed range ending after the start (binary search: a megabyte of garbage stays linear).
    var low = 0
    var high = invalid.count
    while low < high {
      let mid = (low + high) / 2
      if invalid[mid].end <= range.lowerBound { low = mid + 1 } else { high = mid }
    }
    var covered = range.lowerBound
    while low < invalid.count, invalid[low].start <= covered {
      covered = max(covered, invalid[low].end)
      if covered >= range.upperBound { return true }
      low += 1
    }
    return false
  }
}

// Characters that are not what they look like: line endings of classic Mac files, look-alikes of ASCII letters,
// invisible characters and spaces other than ASCII between tokens.
extension Lexer {
  /// Whether the byte at `offset` is a `\r` not followed by `\n`: a classic Mac line ending, read as a line break
  /// (and reported once per file) so that the rest of the file reads as written.
  private func isLoneCarriageReturn(at offset: Int) -> Bool {
    bytes[offset] == .carriageReturn && (offset + 1 == bytes.count || bytes[offset + 1] != .newline)
  }

  private mutating func reportLoneCarriageReturn() {
    guard !reportedLoneCarriageReturn else { return }
    reportedLoneCarriageReturn = true
    report(.loneCarriageReturn, position, position + 1)
  }

  /// The scalar whose UTF-8 encoding starts at `offset`, with its length in bytes; nil for ASCII and for bytes
  /// that are not UTF-8 (reported as such when the lexer started).
  private func scalar(at offset: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[offset]
    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
    guard length > 0, offset + length <= bytes.count, !isInvalidUTF8(offset..<offset + length) else { return nil }
    var value = UInt32(lead) & (0x7F >> length)
    for byte in bytes[offset + 1..<offset + length] {
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return Unicode.Scalar(value).map { ($0, length) }
  }

  /// The ASCII name character (letter, digit or `_`) that the character at `offset` imitates
  /// (``Confusables``), with the character and its length in bytes; nil for any other character.
  private func lookAlike(at offset: Int) -> (ascii: UInt8, scalar: Unicode.Scalar, length: Int)? {
    guard bytes[offset] >= 0x80, let (scalar, length) = scalar(at: offset),
      let ascii = Confusables.asciiLookAlike(scalar), ascii.isASCII, UInt8(ascii.value).isIdentifierContinue
    else { return nil }
    return (UInt8(ascii.value), scalar, length)
  }

  /// Skips a run of invisible characters, bidirectional controls and spaces other than ASCII (U+00A0 NO-BREAK
  /// SPACE) between tokens, reported once with a fix-it that leaves ASCII spaces; false when none is here.
  private mutating func skipInvisibleRun() -> Bool {
    let start = position
    var count = 0
    var spaces = ""
    while position < bytes.count, let (scalar, length) = scalar(at: position),
      Confusables.isInvisible(scalar) || Confusables.isBidiControl(scalar) || Confusables.asciiLookAlike(scalar) == " "
    {
      if Confusables.asciiLookAlike(scalar) == " " { spaces += " " }
      count += 1
      position += length
    }
    guard count > 0 else { return false }
    let span = SourceSpan(file: file, range: SourceRange(start: start, end: position))
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    report(
      .unexpectedCharacters(text, count: count), start, position,
      fixIts: [spaces.isEmpty ? .removeCharacter(at: span) : .useSpaces(spaces, at: span)])
    return true
  }
}

extension Lexer {
  /// Bytes that begin no token and no trivia: everything but whitespace, `#`, identifier and number
  /// characters, quotes, `/`, and the punctuation of the language.
  static func startsNoToken(_ byte: UInt8) -> Bool {
    if byte >= 0x80 { return true }
    if byte.isIdentifierContinue { return false }
    switch byte {
    case .newline, .carriageReturn, .space, .tab, .hash, .quote, .slash, .minus: return false
    default: return !Array("()[]{},:%=!<>".utf8).contains(byte)
    }
  }
}

extension UInt8 {
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let tab = UInt8(ascii: "\t")
  static let hash = UInt8(ascii: "#")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let slash = UInt8(ascii: "/")
  static let minus = UInt8(ascii: "-")
  static let plus = UInt8(ascii: "+")
  static let dot = UInt8(ascii: ".")

  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isLetter: Bool {
    (self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z")) || (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z"))
  }
  var isIdentifierStart: Bool { isLetter || self == UInt8(ascii: "_") }
  var isIdentifierContinue: Bool { isIdentifierStart || isDigit }
}
