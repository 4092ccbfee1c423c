extension Parser {
  /// Top level: `dialect <name>` (docs/Language.md, "Dialect").
  mutating func parseDialect() -> DialectDecl {
    let keywordToken = advance()
    let keyword = Name(text: keywordToken.value, range: keywordToken.range)
    let name = expectName(.dialectName)
    if !atDeclarationStart {
      reportExpected(.endOfDialect)
      skip { _ in false }
    }
    return DialectDecl(keyword: keyword, name: name, range: span(from: keywordToken.range.start))
  }
}
