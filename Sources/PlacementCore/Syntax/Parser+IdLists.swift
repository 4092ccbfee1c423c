extension Parser {
  /// Top level: `list <name> from "<path>"`.
  mutating func parseIdList() -> IdListDecl {
    let keywordToken = advance()
    let keyword = Name(text: keywordToken.value, range: keywordToken.range)
    let name = expectName(.listName)
    var path: Name?
    if !current.atLineStart, consumeWord("from") != nil {
      if !current.atLineStart, let token = consume(.string) {
        path = Name(text: token.value, range: token.range)
      } else {
        reportUnquotedPath()
      }
    } else if !name.isMissing {
      reportExpected(.listFrom)
    }
    if !atEnd, !current.atLineStart {
      if path != nil { reportExpected(.endOfList) }
      skip { $0.atLineStart }
    }
    return IdListDecl(keyword: keyword, name: name, path: path, range: span(from: keywordToken.range.start))
  }

  /// After `from`, something other than a quoted path: one error at it, and none from the lexer for the rest of
  /// the line (`lists/vip.txt` is a path, not tokens), which is then skipped.
  mutating func reportUnquotedPath() {
    guard !atEnd, !current.atLineStart else {
      reportExpected(.quotedListPath)
      return
    }
    let start = current.range.start
    var end = current.range.end
    var ahead = 1
    while peek(ahead).kind != .endOfFile, !peek(ahead).atLineStart {
      end = peek(ahead).range.end
      ahead += 1
    }
    diagnostics.removeAll { $0.span.map { $0.range.start >= start && $0.range.start < end } ?? false }
    lastReport = nil
    reportExpected(.quotedListPath)
    skip { $0.atLineStart }
  }

  /// The list name after `in list`, as a bare word operand (missing, and reported, when none follows).
  mutating func parseIdListName() -> LiteralSyntax {
    let name = expectName(.listName)
    return name.isMissing ? .missing(range: name.range) : .word(name.text, range: name.range)
  }
}
