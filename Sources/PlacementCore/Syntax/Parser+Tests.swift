extension Parser {
  /// In a row: `test <name> [version "<id>"] [from "<instant>"] [until "<instant>"] { [<id>:] <content> <weight>% , ... }`
  /// or `test <name>`
  /// (a reference to a cross-placement test).
  mutating func parseTestContent() -> ContentSyntax {
    let start = advance().range.start
    let name = expectContentID(.testName)
    let version = parseTestVersion()
    let sticky = parseSticky()
    let stickyWindow = sticky == nil ? nil : parseStickyWindow()
    let window = parseWindow()
    guard current.kind == .leftBrace else {
      if version != nil || sticky != nil || window != nil { reportExpected(.openingBraceOfTest) }
      return .testReference(name: name, range: span(from: start))
    }
    advance()
    var variations: [VariationSyntax] = []
    while current.kind != .rightBrace, !atDeclarationStart {
      let before = index
      variations.append(parseVariation())
      _ = consume(.comma)
      if index == before { skip { $0.kind == .comma || $0.kind == .rightBrace } }
    }
    expect(.rightBrace, .closingBraceOfVariations(test: name.text))
    return .test(
      InlineTestSyntax(
        name: name, version: version, sticky: sticky, window: window, stickyWindow: stickyWindow,
        variations: variations, range: span(from: start)))
  }

  mutating func parseTestVersion() -> Name? {
    guard consumeWord("version") != nil else { return nil }
    guard let token = expect(.string, .versionID) else { return nil }
    return Name(text: token.value, range: token.range)
  }

  /// The `sticky` header modifier, after the name and version, on the header's line.
  mutating func parseSticky() -> Name? {
    guard current.isWord("sticky"), !current.atLineStart else { return nil }
    let token = advance()
    return Name(text: token.value, range: token.range)
  }

  /// `for <count> <unit>` after `sticky`, on the header's line: the stickiness window.
  mutating func parseStickyWindow() -> StickyWindowSyntax? {
    guard current.isWord("for"), !current.atLineStart else { return nil }
    let start = advance().range.start
    guard let count = expect(.number, .stickyWindowCount) else { return nil }
    let unit = current.kind == .identifier && !current.atLineStart ? advance() : nil
    guard let unit else {
      reportExpected(.stickyWindowUnit)
      return nil
    }
    return StickyWindowSyntax(
      count: Name(text: count.value, range: count.range), unit: Name(text: unit.value, range: unit.range),
      range: span(from: start))
  }

  /// `[<id>:] <content> <weight>%`
  mutating func parseVariation() -> VariationSyntax {
    let start = current.range.start
    var id: Name?
    if current.kind == .identifier, peek().kind == .colon {
      id = Name(text: advance().value, range: tokens[index - 1].range)
      advance()
    }
    let content = parseContent(allowTest: false, allowHoldout: true)
    let weight = parseWeight()
    return VariationSyntax(id: id, content: content, weight: weight, range: span(from: start))
  }

  /// `<integer>%`
  mutating func parseWeight() -> Name {
    guard let number = expect(.number, .weight) else {
      return Name.missing(at: previousEnd)
    }
    expect(.percent, .percentAfterWeight)
    return Name(text: number.value, range: number.range)
  }

  /// Top level: `test <name> version "<id>" [from "<instant>"] [until "<instant>"] { variation <id> <weight>% { <placement> -> <content> ... } ... }`
  mutating func parseCrossPlacementTest() -> CrossPlacementTestDecl {
    let start = advance().range.start
    let name = expectName(.testName)
    let version = parseTestVersion()
    let sticky = parseSticky()
    let stickyWindow = sticky == nil ? nil : parseStickyWindow()
    let window = parseWindow()
    var variations: [CrossVariationSyntax] = []
    if expect(.leftBrace, .openingBraceOfTest) != nil {
      while current.kind != .rightBrace, !atDeclarationStart {
        let before = index
        if let variation = parseCrossVariation() { variations.append(variation) }
        if index == before { skip { $0.isWord("variation") || $0.kind == .rightBrace } }
      }
      expect(.rightBrace, .closingBraceOfTest(name.text))
    }
    return CrossPlacementTestDecl(
      name: name, version: version, sticky: sticky, window: window, stickyWindow: stickyWindow,
      variations: variations, range: span(from: start))
  }

  mutating func parseCrossVariation() -> CrossVariationSyntax? {
    let start = current.range.start
    guard expectWord("variation") else { return nil }
    let id = expectName(.variationID)
    let weight = parseWeight()
    var contents: [(placement: Name, content: ContentSyntax)] = []
    if expect(.leftBrace, .openingBraceOfVariation) != nil {
      while current.kind != .rightBrace, !atDeclarationStart {
        let before = index
        let placement = expectName(.placementName)
        if expect(.arrow, .arrowAfterPlacementName) != nil {
          let reported = diagnostics.count + suppressedCount
          contents.append((placement, parseContent(allowTest: false, allowHoldout: true)))
          skipRestOfBrokenRow(reportedBefore: reported)
        }
        if index == before { skip { $0.kind == .rightBrace || $0.atLineStart } }
      }
      expect(.rightBrace, .closingBraceOfVariation(id.text))
    }
    return CrossVariationSyntax(id: id, weight: weight, contents: contents, range: span(from: start))
  }
}
