extension Parser {
  /// Whether the subject at the current token is an event query: `count(event "…"`, `first_at(event …` or
  /// `last_at(event …`. `count(event)` (an attribute called `event`) is not: something must follow `event`.
  var isEventSubject: Bool {
    guard current.kind == .identifier, EventSubjectSyntax.Function(rawValue: current.value) != nil,
      peek().kind == .leftParen, peek(2).isWord("event")
    else { return false }
    return current.value != "count" || peek(3).kind != .rightParen
  }

  /// `<function>(event "<name>" [where <property> == <value>] [within last <n> <unit>])`; the subject's
  /// ``SubjectSyntax/attribute`` is the query's text, so the checker and explanations name it as written.
  mutating func parseEventSubject() -> SubjectSyntax {
    let start = current.range.start
    let keywordToken = advance()
    let keyword = Name(text: keywordToken.value, range: keywordToken.range)
    let function = EventSubjectSyntax.Function(rawValue: keywordToken.value)!
    advance()  // (
    advance()  // event
    var name = Name.missing(at: previousEnd)
    if let token = expect(.string, .eventName) { name = Name(text: token.value, range: token.range) }
    var filter: (property: Name, value: LiteralSyntax)? = nil
    if consumeWord("where") != nil {
      let property = expectName(.eventProperty)
      if consume(.equalEqual) == nil, consumeSingleEquals() == nil { reportExpected(.word("==")) }
      filter = (property, parseLiteral())
    }
    var window: (amount: Name, unit: Name)? = nil
    if consumeWord("within") != nil {
      expectWord("last")
      let amount = parseWholeNumber()
      window = (amount, expectName(.eventWindowUnit))
      if current.isWord("within") {
        // A second window: one error, and the query read with the first (the second is skipped to its `)`).
        reportExpected(.closingParenAfterEventWindow)
        skip { $0.kind == .rightParen || $0.atLineStart }
      }
    }
    expect(.rightParen, .closingParenOfEventQuery)
    let range = span(from: start)
    let event = EventSubjectSyntax(
      function: function, keyword: keyword, name: name, filter: filter, window: window, range: range)
    var subject = SubjectSyntax(
      attribute: Name(text: file.text(of: range), range: range), function: nil, range: range)
    subject.event = event
    return subject
  }

  /// `limit <n> per <m> <unit>` after a row's segment and schedule; nil (nothing consumed) without `limit`.
  mutating func parseCap() -> CapSyntax? {
    guard current.isWord("limit"), peek().kind == .number else { return nil }
    let start = advance().range.start
    let limit = parseWholeNumber()
    expectWord("per")
    let amount = parseWholeNumber()
    let unit = expectName(.eventWindowUnit)
    return CapSyntax(limit: limit, amount: amount, unit: unit, range: span(from: start))
  }

  /// A number token as a name (the checker checks it is whole), or a missing name.
  mutating func parseWholeNumber() -> Name {
    if let token = expect(.number, .capNumber) { return Name(text: token.value, range: token.range) }
    return Name.missing(at: previousEnd)
  }
}
