extension Parser {
  /// `or` binds loosest, then `and`, then `not`, then predicates.
  ///
  /// A chain `a or b or c …` is stored as a balanced tree of `.or` nodes (and likewise for `and`), so a chain of
  /// n operands is O(log n) deep rather than n: every recursive walk over ``Expr`` (the checker, `range`, the
  /// formatter, the value's own destruction) stays shallow however long the chain. `and` and `or` are
  /// associative and the operands keep their order, so the shape changes neither meaning nor evaluation order.
  mutating func parseExpression() -> Expr {
    var operands = [parseAnd()]
    while consumeWord("or") != nil {
      operands.append(parseAnd())
    }
    return Self.balanced(operands[...], Expr.or)
  }

  mutating func parseAnd() -> Expr {
    var operands = [parseUnary()]
    while consumeWord("and") != nil {
      operands.append(parseUnary())
    }
    return Self.balanced(operands[...], Expr.and)
  }

  /// Joins operands (at least one) with `join`, halving the slice at each level: depth ⌈log2 n⌉.
  static func balanced(_ operands: ArraySlice<Expr>, _ join: (Expr, Expr) -> Expr) -> Expr {
    if operands.count == 1 { return operands[operands.startIndex] }
    let middle = operands.startIndex + operands.count / 2
    return join(balanced(operands[..<middle], join), balanced(operands[middle...], join))
  }

  mutating func parseUnary() -> Expr {
    if current.isWord("not") || current.kind == .leftParen {
      guard depth < limits.maxNestingDepth else { return skipTooDeep() }
      depth += 1
      defer { depth -= 1 }
      let start = advance()
      if start.kind == .leftParen {
        let inner = parseExpression()
        if !conditionAbandoned {
          expect(.rightParen, .closingParen(openedAt: file.location(of: start.range.start)))
        }
        return .group(inner, range: span(from: start.range.start))
      }
      let operand = parseUnary()
      return .not(operand, range: span(from: start.range.start))
    }
    return parsePrimary()
  }

  /// Reports a too-deep condition once and skips the rest of the condition (to the next declaration), so the
  /// enclosing groups report nothing more: exactly one diagnostic, whatever the depth.
  mutating func skipTooDeep() -> Expr {
    let start = current.range.start
    report(
      .nestingTooDeep(limit: limits.maxNestingDepth), current.range,
      notes: [.conditionSkipped])
    skip { _ in false }
    conditionAbandoned = true
    return .missing(range: span(from: start))
  }

  mutating func parsePrimary() -> Expr {
    let start = current.range.start
    guard current.kind == .identifier, !["and", "or", "not"].contains(current.value), !atDeclarationStart else {
      reportExpected(.condition)
      return .missing(range: SourceRange(start: missingAt, end: missingAt))
    }
    if current.value == "percent", peek().kind == .leftParen { return parseRollout() }
    let subject = parseSubject()
    guard let (op, opRange) = parseOperator() else {
      if subject.function != nil {
        reportExpected(.comparison(after: subject.function!))
      } else if let event = subject.event {
        reportExpected(.comparison(afterEvent: event.function.rawValue))
      }
      return subject.function == nil && subject.event == nil
        ? .reference(subject.attribute) : .missing(range: subject.range)
    }
    var operands: [LiteralSyntax] = []
    var unit: Name?
    switch op {
    case .isSet, .isNotSet, .isEmpty, .isNotEmpty:
      break
    case .between:
      operands.append(parseLiteral())
      expectWord("and")
      operands.append(parseLiteral())
    case .withinLast:
      operands.append(parseLiteral())
      unit = expectName(.timeUnitOfAge)
    case .moreThanAgo:
      operands.append(parseLiteral())
      unit = expectName(.timeUnitOfAge)
      expectWord("ago")
    case .inIdList, .notInIdList:
      operands.append(parseIdListName())
    default:
      operands.append(parseLiteral())
    }
    var ignoringCase = false
    if consumeWord("ignoring") != nil {
      expectWord("case")
      ignoringCase = true
    }
    return .predicate(
      PredicateSyntax(
        subject: subject, op: op, opRange: opRange, operands: operands, unit: unit, ignoringCase: ignoringCase,
        range: span(from: start)))
  }

  /// `<attribute>`, `count(<attribute>)` or `years_since(<attribute>)`.
  mutating func parseSubject() -> SubjectSyntax {
    let start = current.range.start
    if isEventSubject { return parseEventSubject() }
    let first = advance()
    if let function = SubjectSyntax.Function(rawValue: first.value), current.kind == .leftParen {
      advance()
      let attribute = expectName(.attributeName)
      expect(.rightParen, .closingParenAfterAttribute)
      return SubjectSyntax(attribute: attribute, function: function, range: span(from: start))
    }
    return SubjectSyntax(attribute: Name(text: first.value, range: first.range), function: nil, range: first.range)
  }

  /// What an adjacent token pair spells when it is an operator as other languages write it: what was written,
  /// the operator meant, and its spelling here; nil for any other pair.
  private static func foreignPair(_ first: Token.Kind, _ second: Token.Kind) -> (String, OperatorSyntax, String)? {
    switch (first, second) {
    case (.equals, .greater): ("=>", .greaterEqual, ">=")
    case (.equals, .less): ("=<", .lessEqual, "<=")
    case (.less, .greater): ("<>", .notEqual, "!=")
    default: nil
    }
  }

  /// `=` where `==` is meant (`country = "US"`): reported once with a fix-it and consumed, to be read as `==`;
  /// nil (nothing consumed) at any other token.
  mutating func consumeSingleEquals() -> SourceRange? {
    guard current.kind == .equals else { return nil }
    let token = advance()
    report(.foreignOperator("=", use: "=="), token.range, fixIts: [fixIt(token.range, "==")])
    return token.range
  }

  /// The operator after a subject, or nil when none follows (a bare reference).
  mutating func parseOperator() -> (OperatorSyntax, SourceRange)? {
    let start = current.range.start
    let simple: [Token.Kind: OperatorSyntax] = [
      .equalEqual: .equal, .bangEqual: .notEqual, .less: .less, .lessEqual: .lessEqual, .greater: .greater,
      .greaterEqual: .greaterEqual,
    ]
    if let (written, op, meaning) = Self.foreignPair(current.kind, peek().kind),
      current.range.end == peek().range.start
    {
      // `age => 18`, `age =< 18`, `age <> 18`: another language's two-character operator, reported once with a
      // fix-it for the pair, then read as the operator it means.
      let first = advance()
      let range = SourceRange(start: first.range.start, end: advance().range.end)
      report(.foreignOperator(written, use: meaning), range, fixIts: [fixIt(range, meaning)])
      return (op, range)
    }
    if let op = simple[current.kind] {
      advance()
      return (op, span(from: start))
    }
    if let range = consumeSingleEquals() { return (.equal, range) }
    guard current.kind == .identifier else { return nil }
    let op: OperatorSyntax?
    switch current.value {
    case "in" where peek().isWord("list") && !peek().atLineStart: advance(); op = .inIdList
    case "in": op = .inList
    case "not" where peek().isWord("in") && peek(2).isWord("list") && !peek(2).atLineStart:
      advance()
      advance()
      op = .notInIdList
    case "starts_with": op = .startsWith
    case "ends_with": op = .endsWith
    case "contains": op = .contains
    case "matches": op = .matches
    case "between": op = .between
    case "before": op = .before
    case "after": op = .after
    case "not" where peek().isWord("in"): advance(); op = .notInList
    case "not" where peek().isWord("contains"): advance(); op = .notContains
    case "is":
      advance()
      let negated = consumeWord("not") != nil
      if consumeWord("set") != nil { return (negated ? .isNotSet : .isSet, span(from: start)) }
      if consumeWord("empty") != nil { return (negated ? .isNotEmpty : .isEmpty, span(from: start)) }
      reportExpected(.setOrEmpty(negated: negated))
      return (negated ? .isNotSet : .isSet, span(from: start))
    case "has":
      advance()
      if consumeWord("any") != nil { return (.hasAny, span(from: start)) }
      if consumeWord("all") != nil { return (.hasAll, span(from: start)) }
      return (.has, span(from: start))
    case "within":
      advance()
      expectWord("last")
      return (.withinLast, span(from: start))
    case "more" where peek().isWord("than"):
      advance()
      advance()
      return (.moreThanAgo, span(from: start))
    default: op = nil
    }
    guard let op else { return nil }
    advance()
    return (op, span(from: start))
  }

  /// `percent(<n>) salt "<salt>"`
  mutating func parseRollout() -> Expr {
    let start = advance().range.start
    advance()
    let percent: Name
    if let number = expect(.number, .percentage) {
      percent = Name(text: number.value, range: number.range)
    } else {
      percent = Name.missing(at: previousEnd)
    }
    if !percent.isMissing, current.isWord("from") { return parseRamp(start: start, first: percent) }
    expect(.rightParen, .closingParenAfterPercentage)
    var salt = Name.missing(at: previousEnd)
    if expectWord("salt"), let token = expect(.string, .rolloutSalt) {
      salt = Name(text: token.value, range: token.range)
    }
    return .rollout(percent: percent, salt: salt, range: span(from: start))
  }

  /// A string, number, version, `true`/`false`, bare word, `/pattern/` or `[list]`.
  mutating func parseLiteral() -> LiteralSyntax {
    let token = current
    switch token.kind {
    case .string: advance(); return .string(token.value, range: token.range)
    case .number:
      if let date = unquotedDate() { return date }
      advance()
      return .number(token.value, range: token.range)
    case .regex: advance(); return .regex(token.value, range: token.range)
    case .identifier where token.value == "true" || token.value == "false":
      advance()
      return .bool(token.value == "true", range: token.range)
    case .identifier where !["and", "or", "not"].contains(token.value) && !atDeclarationStart:
      advance()
      return .word(token.value, range: token.range)
    case .leftBracket:
      return parseList()
    default:
      reportExpected(.value)
      return .missing(range: SourceRange(start: missingAt, end: missingAt))
    }
  }

  mutating func parseList() -> LiteralSyntax {
    let start = advance().range.start
    var elements: [LiteralSyntax] = []
    while current.kind != .rightBracket, !atDeclarationStart {
      let before = index
      if current.kind == .leftBracket {
        report(.nestedList, current.range)
        skip { $0.kind == .comma || $0.kind == .rightBracket }
      } else {
        elements.append(parseLiteral())
      }
      if consume(.comma) == nil, current.kind != .rightBracket {
        reportExpected(.commaOrClosingBracket)
        if index == before || current.kind != .comma {
          skip { $0.kind == .comma || $0.kind == .rightBracket }
        }
        _ = consume(.comma)
      }
    }
    expect(.rightBracket, .closingBracketOfList)
    return .list(elements, range: span(from: start))
  }

  /// `2026-01-01` (or `2026-01-01T09:30:00Z`) written without quotes lexes as the numbers `2026`, `-01`, `-01`…:
  /// when a four-digit number is followed, with no space, by `-<digits>`, the adjacent tokens are read as one
  /// date string and reported once with a fix-it that quotes them. Nil (nothing consumed) otherwise.
  mutating func unquotedDate() -> LiteralSyntax? {
    let first = current
    guard first.value.count == 4, first.value.allSatisfy({ $0.isASCII && $0.isNumber }), peek().kind == .number,
      peek().value.hasPrefix("-"), peek().range.start == first.range.end
    else { return nil }
    var end = advance().range.end
    while !atEnd, current.range.start == end, current.kind != .rightParen, current.kind != .rightBracket,
      current.kind != .comma
    {
      end = advance().range.end
    }
    let range = SourceRange(start: first.range.start, end: end)
    let text = file.text(of: range)
    report(.unquotedDate(text), range, fixIts: [fixIt(range, "\"\(text)\"")])
    return .string(text, range: range)
  }

  /// A fix-it replacing `range` with `replacement`.
  func fixIt(_ range: SourceRange, _ replacement: String) -> FixIt {
    .use(replacement, at: SourceSpan(file: file, range: range))
  }
}
