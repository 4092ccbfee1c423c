extension Parser {
  /// True at a `config` line inside a content declaration (`config schema` starts a declaration instead).
  var atConfigLine: Bool { current.isWord("config") && !peek().isWord("schema") }

  /// Top level: `content flow|paywall <id> { config [default] "<locale>" <json>|from "<path>" ... }`, one config
  /// per line. A broken line costs that line.
  mutating func parseContentDeclaration() -> ContentDecl {
    let start = advance().range.start
    let type = expectContentType()
    let id = expectContentID(type.text == "flow" ? .flowID : .paywallID)
    var configs: [ConfigSyntax] = []
    if expect(.leftBrace, .openingBraceOfContent) != nil {
      while current.kind != .rightBrace, !atEnd, atConfigLine || !atDeclarationStart {
        let before = index
        if atConfigLine {
          configs.append(parseConfig())
        } else {
          reportExpected(.config)
        }
        if index == before { skipRestOfLineInBlock() }
      }
      expect(.rightBrace, .closingBraceOfContent(id.text))
    }
    return ContentDecl(contentType: type, id: id, configs: configs, range: span(from: start))
  }

  /// `flow` or `paywall` after `content` or `config schema`.
  mutating func expectContentType() -> Name {
    let type = expectName(.contentType)
    if !type.isMissing, type.text != "flow", type.text != "paywall" {
      report(.unknownContentType(type.text), type.range)
    }
    return type
  }

  /// `config [default] "<locale>" <json>` or `config [default] "<locale>" from "<path>"`.
  mutating func parseConfig() -> ConfigSyntax {
    let start = advance().range.start
    var defaultKeyword: Name?
    if current.isWord("default"), !current.atLineStart {
      let token = advance()
      defaultKeyword = Name(text: token.value, range: token.range)
    }
    guard !current.atLineStart, let localeToken = consume(.string) else {
      reportExpected(.localeCode)
      if !atEnd, !current.atLineStart, current.kind != .rightBrace { skipRestOfLineInBlock() }
      return ConfigSyntax(
        defaultKeyword: defaultKeyword, locale: .missing(at: previousEnd), body: .missing, range: span(from: start))
    }
    let locale = Name(text: localeToken.value, range: localeToken.range)
    var body = ConfigBodySyntax.missing
    if !current.atLineStart, consumeWord("from") != nil {
      if !current.atLineStart, let path = consume(.string) {
        body = .file(Name(text: path.value, range: path.range))
      } else {
        reportExpected(.configPath)
      }
    } else if !current.atLineStart, current.kind == .leftBrace || current.kind == .leftBracket {
      body = parseJSONRegion().map { .inline($0) } ?? .missing
    } else {
      reportExpected(.configBody)
    }
    if !atEnd, !current.atLineStart, current.kind != .rightBrace {
      reportExpected(.endOfConfig)
      skipRestOfLineInBlock()
    }
    return ConfigSyntax(defaultKeyword: defaultKeyword, locale: locale, body: body, range: span(from: start))
  }

  /// Top level: `config schema flow|paywall { <key>: <type> [= <json>] ... }`, one key per line.
  mutating func parseConfigSchema() -> ConfigSchemaDecl {
    let start = advance().range.start
    expectWord("schema")
    let type = expectContentType()
    var fields: [SchemaFieldSyntax] = []
    if expect(.leftBrace, .openingBraceOfSchema) != nil {
      // A key may be spelt like a declaration word (`content: string`): only a word without ':' ends the block.
      while current.kind != .rightBrace, !atEnd, !atDeclarationStart || peek().kind == .colon {
        let before = index
        if let field = parseSchemaField() { fields.append(field) }
        if index == before { skipRestOfLineInBlock() }
      }
      expect(.rightBrace, .closingBraceOfSchema(type.text))
    }
    return ConfigSchemaDecl(contentType: type, fields: fields, range: span(from: start))
  }

  /// `<key>: string|number|bool|list|object [= <json>]`, the key a word or a string.
  mutating func parseSchemaField() -> SchemaFieldSyntax? {
    let start = current.range.start
    guard current.kind == .identifier || current.kind == .string else {
      reportExpected(.schemaKey)
      skipRestOfLineInBlock()
      return nil
    }
    let keyToken = advance()
    let key = Name(text: keyToken.value, range: keyToken.range)
    expect(.colon, .colonAfterSchemaKey)
    let type = expectName(.schemaType)
    if !type.isMissing, !Self.schemaTypes.contains(type.text) {
      report(.unknownSchemaType(type.text), type.range)
    }
    var defaultValue: SourceRange?
    if !current.atLineStart, consume(.equals) != nil {
      if current.atLineStart || atEnd {
        reportExpected(.schemaDefault)
      } else if current.kind == .leftBrace || current.kind == .leftBracket {
        defaultValue = parseJSONRegion()
      } else {
        defaultValue = advance().range
      }
    }
    if !atEnd, !current.atLineStart, current.kind != .rightBrace {
      reportExpected(.endOfSchemaKey)
      skipRestOfLineInBlock()
    }
    return SchemaFieldSyntax(key: key, type: type, defaultValue: defaultValue, range: span(from: start))
  }

  /// Skips the current token and the rest of its line inside a content or schema block, stopping at the end of
  /// the line or at a `}` that closes the block on that line. Braces and brackets opened on the line are balanced
  /// first, so a stray JSON value (`{ "a": 1 } { "b": 2 }`, or `{}` on a line of its own) does not close the block
  /// with its own `}`. The current token must not be that `}`.
  mutating func skipRestOfLineInBlock() {
    var depth = 0
    repeat {
      switch current.kind {
      case .leftBrace, .leftBracket: depth += 1
      case .rightBrace, .rightBracket: depth = max(depth - 1, 0)
      default: break
      }
      advance()
    } while !atEnd && !current.atLineStart && !(current.kind == .rightBrace && depth == 0)
  }

  /// The value types of a config schema.
  static let schemaTypes: Set<String> = ["string", "number", "bool", "list", "object"]

  /// Takes the balanced JSON region that starts at the current `{` or `[`: brackets are counted outside JSON
  /// strings (a string ends at its unescaped quote or at the end of the line). The tokens inside are skipped and
  /// what the lexer reported inside is dropped: the checker reads the region as JSON. Nil (reported) when the
  /// region is not closed before the end of the file.
  mutating func parseJSONRegion() -> SourceRange? {
    let start = current.range.start
    guard let end = Self.jsonRegionEnd(file.bytes, from: start) else {
      report(.unclosedJSON, current.range)
      skip { _ in false }
      return nil
    }
    let region = SourceRange(start: start, end: end)
    while !atEnd, current.range.start < end { advance() }
    diagnostics.removeAll { diagnostic in
      guard let span = diagnostic.span else { return false }
      return span.range.start >= start && span.range.start < end
    }
    jsonRegions.append(region)
    return region
  }

  /// The offset just past the bracket that closes the one at `start`, or nil when the file ends first.
  static func jsonRegionEnd(_ bytes: [UInt8], from start: Int) -> Int? {
    var depth = 0
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\n") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return index + 1 }
      default:
        break
      }
      index += 1
    }
    return nil
  }

  /// `comments` without those the lexer found inside JSON regions (a JSON string may hold a `#`).
  func withoutJSON(_ comments: [Comment]) -> [Comment] {
    guard !jsonRegions.isEmpty else { return comments }
    return comments.filter { comment in
      !jsonRegions.contains { comment.range.start >= $0.start && comment.range.start < $0.end }
    }
  }
}
