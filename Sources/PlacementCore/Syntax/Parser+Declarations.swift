extension Parser {
  /// `attribute <name>: <type> [unit <unit>] [from <kind> "<element>" [on screen "<screen>"]]`
  mutating func parseAttribute() -> AttributeDecl {
    let start = advance().range.start
    let name = expectName(.attributeName)
    expect(.colon, .colonAfterAttributeName)
    let type = parseType()
    var unit: Name?
    if consumeWord("unit") != nil { unit = expectName(.timeUnitOfDate) }
    var source: SourceSyntax?
    if current.isWord("from") { source = parseSource() }
    if !atDeclarationStart, !current.atLineStart || current.kind != .identifier {
      reportExpected(.endOfAttributeDeclaration)
      skip { $0.atLineStart }
    }
    return AttributeDecl(name: name, type: type, unit: unit, source: source, range: span(from: start))
  }

  mutating func parseType() -> TypeSyntax {
    let start = current.range.start
    let keyword = expectName(.type)
    let kind: TypeSyntax.Kind =
      switch keyword.text {
      case "string": .string
      case "number": .number
      case "bool": .bool
      case "version": .version
      case "date": .date
      case "choice": .choice
      case "choices": .choices
      default: .unknown
      }
    if kind == .unknown, !keyword.isMissing {
      report(.unknownType(keyword.text), keyword.range)
    }
    var options: [OptionSyntax] = []
    if kind == .choice || kind == .choices {
      if expect(.leftParen, .openingParenOfOptions) != nil {
        options = parseOptions()
        expect(.rightParen, .closingParenOfOptions)
      }
    }
    return TypeSyntax(kind: kind, keyword: keyword, options: options, range: span(from: start))
  }

  /// `id ["title"], id ["title"], ...` — ids are words or strings.
  mutating func parseOptions() -> [OptionSyntax] {
    var options: [OptionSyntax] = []
    while current.kind != .rightParen, !atDeclarationStart {
      let start = index
      if current.kind == .identifier || current.kind == .string {
        let token = advance()
        var title: Name?
        if let titleToken = consume(.string) { title = Name(text: titleToken.value, range: titleToken.range) }
        options.append(OptionSyntax(id: Name(text: token.value, range: token.range), title: title))
      } else {
        reportExpected(.optionID)
      }
      if consume(.comma) == nil, current.kind != .rightParen {
        if index == start {
          skip { $0.kind == .comma || $0.kind == .rightParen }
        } else {
          reportExpected(.commaOrClosingParen)
        }
        _ = consume(.comma)
      }
    }
    return options
  }

  /// `from quiz|input|toggle "<element>" [on screen "<screen>"] [key id|value] [default <option> if screen
  /// "<screen>" presented]`; `"<screen>/<element>"` also qualifies.
  mutating func parseSource() -> SourceSyntax {
    let start = advance().range.start
    let kind = expectName(.sourceKind)
    if !kind.isMissing, !["quiz", "input", "toggle"].contains(kind.text) {
      report(.unknownSourceKind(kind.text), kind.range)
    }
    guard let elementToken = expect(.string, .elementID) else {
      let missing = Name.missing(at: previousEnd)
      return SourceSyntax(kind: kind, element: missing, screen: nil, range: span(from: start))
    }
    var element = Name(text: elementToken.value, range: elementToken.range)
    var screen: Name?
    if let slash = elementToken.value.lastIndex(of: "/") {
      screen = Name(text: String(elementToken.value[..<slash]), range: elementToken.range)
      element = Name(
        text: String(elementToken.value[elementToken.value.index(after: slash)...]), range: elementToken.range)
    }
    if consumeWord("on") != nil {
      expectWord("screen")
      if let screenToken = expect(.string, .screenID) {
        if let prefix = screen {
          report(.screenNamedTwice(prefix: prefix.text, after: screenToken.value), screenToken.range)
        }
        screen = Name(text: screenToken.value, range: screenToken.range)
      }
    }
    let key = consumeWord("key") != nil ? expectName(.optionKey) : nil
    let preset = current.isWord("default") ? parsePresentedDefault() : nil
    var source = SourceSyntax(kind: kind, element: element, screen: screen, range: span(from: start))
    source.key = key
    source.presentedDefault = preset
    return source
  }

  /// `segment <name> = <condition>`
  mutating func parseSegment() -> SegmentDecl {
    let start = advance().range.start
    let name = expectName(.segmentName)
    expect(.equals, .equalsAfterSegmentName)
    conditionAbandoned = false
    let condition = parseExpression()
    if !atDeclarationStart {
      reportExpected(.endOfCondition)
      skip { _ in false }
    }
    return SegmentDecl(name: name, condition: condition, range: span(from: start))
  }

  /// `placement <name>: flow|paywall { <rows> }`
  mutating func parsePlacement() -> PlacementDecl {
    let start = advance().range.start
    let name = expectName(.placementName)
    expect(.colon, .colonAfterPlacementName)
    let contentType = expectName(.contentType)
    if !contentType.isMissing, contentType.text != "flow", contentType.text != "paywall" {
      report(.unknownContentType(contentType.text), contentType.range)
    }
    var rows: [RowSyntax] = []
    if expect(.leftBrace, .openingBraceOfAudienceTable) != nil {
      while current.kind != .rightBrace, !atDeclarationStart {
        let before = index
        if let row = parseRow() { rows.append(row) }
        if index == before { skip { $0.kind == .rightBrace || ($0.atLineStart && $0.kind == .identifier) } }
      }
      expect(.rightBrace, .closingBraceOfAudienceTable(placement: name.text))
    }
    return PlacementDecl(name: name, contentType: contentType, rows: rows, range: span(from: start))
  }

  /// `<segment> [from "<instant>"] [until "<instant>"] -> <content>`
  mutating func parseRow() -> RowSyntax? {
    let start = current.range.start
    guard current.kind == .identifier else {
      reportExpected(.row)
      return nil
    }
    let segment = Name(text: advance().value, range: tokens[index - 1].range)
    let window = parseWindow()
    let cap = parseCap()
    guard expect(.arrow, .arrowAfterRowSegment) != nil else {
      skip { $0.kind == .rightBrace || ($0.atLineStart && $0.kind == .identifier) }
      return RowSyntax(
        segment: segment, window: window, content: .missing(range: span(from: start)), range: span(from: start),
        cap: cap)
    }
    let reported = diagnostics.count + suppressedCount
    let content = parseContent(allowTest: true)
    skipRestOfBrokenRow(reportedBefore: reported)
    return RowSyntax(segment: segment, window: window, content: content, range: span(from: start), cap: cap)
  }

  /// After a row whose content had an error: the rest of its line belongs to the broken row, so it is skipped
  /// rather than reported again (or read as the next row).
  mutating func skipRestOfBrokenRow(reportedBefore: Int) {
    if diagnostics.count + suppressedCount > reportedBefore, !current.atLineStart, current.kind != .rightBrace, !atEnd {
      skip { $0.atLineStart || $0.kind == .rightBrace }
    }
  }

  /// Consumes an id of a row's content (a flow, paywall or test id), or reports it missing after the previous
  /// token. A row ends at the end of its line, so the id is never taken from the next line (where it would be the
  /// next row's segment), and a reserved or content word (`default`, `flow`, `paywall`, …) is never an id.
  mutating func expectContentID(_ what: Expected) -> Name {
    if current.kind == .identifier, !current.atLineStart, !Self.reservedWords.contains(current.value),
      !Self.contentWords.contains(current.value)
    {
      let token = advance()
      return Name(text: token.value, range: token.range)
    }
    reportExpected(what)
    return Name.missing(at: previousEnd)
  }

  /// `flow <id> [with paywall <id>]`, `paywall <id>`, `fallthrough`, `holdout`, `test ...`.
  mutating func parseContent(allowTest: Bool, allowHoldout: Bool = false) -> ContentSyntax {
    let start = current.range.start
    switch current.kind == .identifier ? current.value : "" {
    case "flow":
      advance()
      let id = expectContentID(.flowID)
      var paywall: Name?
      if !current.atLineStart, consumeWord("with") != nil {
        if current.atLineStart || consumeWord("paywall") == nil { reportExpected(.paywallAfterWith) }
        paywall = expectContentID(.paywallIDAfterWith)
      }
      return .flow(id: id, paywall: paywall, range: span(from: start))
    case "paywall":
      advance()
      return .paywall(id: expectContentID(.paywallID), range: span(from: start))
    case "fallthrough":
      advance()
      return .fallthrough_(range: span(from: start))
    case "holdout" where allowHoldout:
      advance()
      return .holdout(range: span(from: start))
    case "test" where allowTest:
      return parseTestContent()
    default:
      reportExpected(.content(allowHoldout: allowHoldout))
      return .missing(range: SourceRange(start: start, end: start))
    }
  }
}
