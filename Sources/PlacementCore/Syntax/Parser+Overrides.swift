extension Parser {
  /// Top level: `override <test>: variation <id> for <condition>` or
  /// `override <placement>: <content> for <condition>` (docs/ABTests.md, "QA overrides").
  mutating func parseOverride() -> OverrideDecl {
    let start = advance().range.start
    let target = expectName(.overrideTarget)
    expect(.colon, .colonAfterOverrideTarget)
    let forced: OverrideDecl.Forced
    if current.isWord("variation"), !current.atLineStart {
      advance()
      forced = .variation(expectContentID(.variationID))
    } else {
      let reported = diagnostics.count + suppressedCount
      forced = .content(parseContent(allowTest: false))
      if diagnostics.count + suppressedCount > reported, !current.isWord("for"), !current.atLineStart, !atEnd {
        skip { $0.isWord("for") || $0.atLineStart }
      }
    }
    conditionAbandoned = false
    let condition: Expr
    if current.isWord("for"), !current.atLineStart {
      advance()
      condition = parseExpression()
    } else {
      reportExpected(.overrideCondition)
      condition = .missing(range: SourceRange(start: previousEnd, end: previousEnd))
    }
    if !atDeclarationStart {
      reportExpected(.endOfCondition)
      skip { _ in false }
    }
    return OverrideDecl(target: target, forced: forced, condition: condition, range: span(from: start))
  }
}
