/// Limits the parser enforces so hostile rule files cannot exhaust the process.
public struct SyntaxLimits: Sendable, Hashable {
  /// Deepest nesting of parentheses and `not` in one condition (default 128).
  public var maxNestingDepth: Int
  /// Largest rules file in bytes (default 4 MiB).
  public var maxFileBytes: Int
  /// Most syntax diagnostics recorded for one file (default 1,000); the rest are counted in one
  /// `too-many-errors` diagnostic, so a file of garbage costs neither memory nor output per byte.
  public var maxDiagnosticsPerFile: Int

  public init(maxNestingDepth: Int = 128, maxFileBytes: Int = 4 << 20, maxDiagnosticsPerFile: Int = 1_000) {
    self.maxNestingDepth = maxNestingDepth
    self.maxFileBytes = maxFileBytes
    self.maxDiagnosticsPerFile = maxDiagnosticsPerFile
  }

  public static let `default` = SyntaxLimits()
}

/// A recursive-descent parser that never throws and always returns a tree plus diagnostics.
///
/// On a missing token it reports once and invents a missing node (as swift-syntax does) so the tree stays
/// whole; on a token it cannot use it skips to the next row or declaration. Every loop checks that it made
/// progress, so recovery cannot spin.
package struct Parser {
  let file: SourceFile
  var tokens: [Token]
  var index = 0
  var diagnostics: [Diagnostic]
  let limits: SyntaxLimits
  var depth = 0
  /// Set when a condition was too deep and its rest skipped: enclosing groups then report nothing more.
  var conditionAbandoned = false
  /// Diagnostics not recorded because the file already has ``SyntaxLimits/maxDiagnosticsPerFile``.
  var suppressedCount = 0
  /// Where and what the last diagnostic was, recorded or not (for the one-error-per-position rule).
  var lastReport: (start: Int, code: DiagnosticCode)?
  /// The JSON regions of configs and schema defaults: what the lexer found inside them is not rules syntax.
  var jsonRegions: [SourceRange] = []

  /// Words that start a top-level declaration.
  package static let declarationWords: Set<String> = [
    "attribute", "segment", "placement", "test",
    "layer",
    "override",
    "dialect",
    "content", "config",
    "list",
  ]

  /// The reserved words of docs/Language.md: they name no attribute or segment, and no id in a row's content.
  package static let reservedWords: Set<String> = [
    "attribute", "segment", "placement", "test", "default", "and", "or", "not", "true", "false",
    "layer",
    "override",
  ]

  /// Words that start or join a row's content; like ``reservedWords`` they are never a flow, paywall or test id.
  static let contentWords: Set<String> = ["flow", "paywall", "with", "fallthrough", "holdout"]

  /// Parses one file.
  package static func parse(_ file: SourceFile, limits: SyntaxLimits = .default) -> (RuleFileSyntax, [Diagnostic]) {
    guard file.bytes.count <= limits.maxFileBytes else {
      let span = SourceSpan(file: file, range: SourceRange(start: 0, end: 0))
      return (
        RuleFileSyntax(file: file, declarations: [], comments: [], isUnread: true),
        [Diagnostic(.fileTooLarge(size: file.bytes.count, limit: limits.maxFileBytes), at: span)]
      )
    }
    let lexed = Lexer.tokenize(file, maxDiagnostics: limits.maxDiagnosticsPerFile)
    var parser = Parser(file: file, tokens: lexed.tokens, diagnostics: lexed.diagnostics, limits: limits)
    parser.suppressedCount = lexed.suppressed
    parser.lastReport = lexed.diagnostics.last.flatMap { last in last.span.map { ($0.range.start, last.code) } }
    let declarations = parser.parseFile()
    let diagnostics = parser.diagnostics + SyntaxCatalog.tooManyErrors(parser.suppressedCount, in: file)
    let comments = parser.withoutJSON(lexed.comments)
    return (RuleFileSyntax(file: file, declarations: declarations, comments: comments), diagnostics)
  }

  init(file: SourceFile, tokens: [Token], diagnostics: [Diagnostic], limits: SyntaxLimits) {
    self.file = file
    self.tokens = tokens
    self.diagnostics = diagnostics
    self.limits = limits
  }

  // MARK: - Token helpers

  var current: Token { tokens[index] }
  var previousEnd: Int { index > 0 ? tokens[index - 1].range.end : 0 }
  func peek(_ ahead: Int = 1) -> Token { tokens[min(index + ahead, tokens.count - 1)] }
  var atEnd: Bool { current.kind == .endOfFile }

  @discardableResult
  mutating func advance() -> Token {
    let token = current
    if token.kind != .endOfFile { index += 1 }
    return token
  }

  mutating func consume(_ kind: Token.Kind) -> Token? {
    current.kind == kind ? advance() : nil
  }

  mutating func consumeWord(_ word: String) -> Token? {
    current.isWord(word) ? advance() : nil
  }

  /// True when the current token starts a declaration on a new line (or the file ends).
  var atDeclarationStart: Bool {
    atEnd
      || (current.kind == .identifier && current.atLineStart && Self.declarationWords.contains(current.value)
        && !(current.value == "content" && peek().kind == .leftParen))
  }

  /// Consumes a token of `kind` or reports `expected <what>` at the current token and returns nil.
  @discardableResult
  mutating func expect(_ kind: Token.Kind, _ what: Expected) -> Token? {
    if let token = consume(kind) { return token }
    reportExpected(what)
    return nil
  }

  /// Consumes the identifier `word` or reports it missing.
  @discardableResult
  mutating func expectWord(_ word: String) -> Bool {
    if consumeWord(word) != nil { return true }
    reportExpected(.word(word))
    return false
  }

  /// Consumes an identifier as a name, or reports and returns a missing name placed after the previous token.
  mutating func expectName(_ what: Expected) -> Name {
    if current.kind == .identifier, !atDeclarationStart || !current.atLineStart {
      let token = advance()
      return Name(text: token.value, range: token.range)
    }
    reportExpected(what)
    return Name.missing(at: previousEnd)
  }

  /// Where a construct missing here goes (and is reported): the current token, or the end of the previous token
  /// when the current one starts a new line (see ``reportExpected(_:)``).
  var missingAt: Int { index > 0 && (current.atLineStart || atEnd) ? previousEnd : current.range.start }

  /// Reports `expected <what>` where it is missing: at the current token when it is on the same line as the
  /// previous one, else at the end of the previous token, on the line where the construct is missing
  /// (`segment s = a ==` then a new line: the error is on the `==` line, not the next one).
  mutating func reportExpected(_ what: Expected) {
    // One error per position: a cascade at the same token helps no one.
    if let last = lastReport, last.start == current.range.start, last.code != SyntaxCatalog.unexpectedCharacter {
      return
    }
    guard index > 0, current.atLineStart || atEnd else {
      // A character that starts no token was reported by the lexer, at this very column.
      if current.kind != .invalid { report(.expected(what, found: describe(current)), current.range) }
      return
    }
    let end = previousEnd
    if let last = lastReport, last.start == end { return }
    report(.expected(what, found: atEnd ? .endOfFile : .endOfLine), SourceRange(start: end, end: end))
    // Later reports at the current token are a cascade of this one.
    lastReport = (current.range.start, what.code)
  }

  mutating func report(_ message: DiagnosticMessage, _ range: SourceRange, notes: [Note] = [], fixIts: [FixIt] = []) {
    lastReport = (range.start, message.code)
    guard diagnostics.count < limits.maxDiagnosticsPerFile else {
      suppressedCount += 1
      return
    }
    diagnostics.append(Diagnostic(message, at: SourceSpan(file: file, range: range), notes: notes, fixIts: fixIts))
  }

  /// The token as a message shows it (``Found``).
  func describe(_ token: Token) -> Found {
    switch token.kind {
    case .endOfFile: .endOfFile
    case .identifier: .word(token.value)
    case .string: .string(token.value)
    case .number: .number(token.value)
    case .regex: .pattern(token.value)
    default: .symbol(file.text(of: token.range))
    }
  }

  func span(from start: Int) -> SourceRange { SourceRange(start: start, end: max(start, previousEnd)) }

  /// Skips tokens until one satisfies `stop` or a declaration starts; always skips at least one token.
  mutating func skip(until stop: (Token) -> Bool) {
    repeat { advance() } while !atDeclarationStart && !stop(current)
  }

  // MARK: - File

  mutating func parseFile() -> [Declaration] {
    var declarations: [Declaration] = []
    while !atEnd {
      let start = index
      if let declaration = parseDeclaration() {
        declarations.append(declaration)
      }
      if index == start {  // progress guard
        reportExpected(.declaration)
        skip { _ in false }
      }
    }
    return declarations
  }

  mutating func parseDeclaration() -> Declaration? {
    guard current.kind == .identifier else { return nil }
    switch current.value {
    case "attribute": return .attribute(parseAttribute())
    case "segment": return .segment(parseSegment())
    case "placement": return .placement(parsePlacement())
    case "test": return .test(parseCrossPlacementTest())
    case "layer": return .layer(parseLayer())
    case "override": return .override(parseOverride())
    case "dialect": return .dialect(parseDialect())
    case "content": return .content(parseContentDeclaration())
    case "config": return .configSchema(parseConfigSchema())
    case "list": return .idList(parseIdList())
    default: return nil
    }
  }
}
