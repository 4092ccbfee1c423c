extension Parser {
  /// Top level: `list <name> from "<path>"`.
  mutating func parseIdList() -> IdListDecl {
    let keywordToken = advance()
    let keyword = Name(text: keywordToken.value, range: keywordToken.range)
    let name = expectName(.listName)
    var path: Name?
    if !current.atLineStart, consumeWord("from") != nil, !current.atLineStart, let token = consume(.string) {
      path = Name(text: token.value, range: token.range)
    } else if !name.isMissing {
      reportExpected(.listFrom)
    }
    if !atEnd, !current.atLineStart {
      if path != nil { reportExpected(.endOfList) }
      skip { $0.atLineStart }
    }
    return IdListDecl(keyword: keyword, name: name, path: path, range: span(from: keywordToken.range.start))
  }

  /// The list name after `in list`, as a bare word operand (missing, and reported, when none follows).
  mutating func parseIdListName() -> LiteralSyntax {
    let name = expectName(.listName)
    return name.isMissing ? .missing(range: name.range) : .word(name.text, range: name.range)
  }
}
