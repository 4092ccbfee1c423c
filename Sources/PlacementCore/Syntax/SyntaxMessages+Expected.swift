/// What the parser expected where a construct is missing: the `<what>` of "expected <what>, found <found>"
/// (``DiagnosticMessage/expected(_:found:)``) and the code it is reported under. Every description lives here,
/// so report sites name a member (`expectName(.segmentName)`) and never spell one out (`CatalogueSourceTests`).
struct Expected: Sendable, Hashable {
  /// The construct as the message names it, e.g. `a segment name` or `'}' to close layer 'checkout'`.
  let description: String
  /// `expected-token` unless the construct is a whole condition, value, declaration or content.
  let code: DiagnosticCode

  init(_ description: String, code: DiagnosticCode = SyntaxCatalog.expectedToken) {
    self.description = description
    self.code = code
  }
}

extension Expected {
  // MARK: Whole constructs, with their own codes

  static let declaration = Expected(
    "a declaration ('attribute', 'segment', 'placement', 'test', 'layer', 'override', 'content', 'config schema' or 'dialect')",
    code: SyntaxCatalog.expectedDeclaration)
  static let condition = Expected("a condition", code: SyntaxCatalog.expectedExpression)
  static let value = Expected("a value", code: SyntaxCatalog.expectedValue)

  /// The content of a row (`allowHoldout: false`) or of a test's variation (`true`).
  static func content(allowHoldout: Bool) -> Expected {
    Expected(
      allowHoldout ? "'flow', 'paywall' or 'holdout'" : "'flow', 'paywall', 'test' or 'fallthrough'",
      code: SyntaxCatalog.expectedContent)
  }

  /// `percent_since(...)` and the like with no operator after it.
  static func comparison(after function: SubjectSyntax.Function) -> Expected {
    Expected("a comparison after '\(function.rawValue)(...)'", code: SyntaxCatalog.expectedExpression)
  }

  // MARK: Tokens and names

  /// A keyword of the language, e.g. `'to'` in a layer share.
  static func word(_ word: String) -> Expected { Expected("'\(word)'") }

  /// `is` or `is not` with neither `set` nor `empty` after it.
  static func setOrEmpty(negated: Bool) -> Expected {
    Expected("'set' or 'empty' after '\(negated ? "is not" : "is")'")
  }

  /// The string after `from` or `until` in a schedule.
  static func instant(after word: String) -> Expected {
    Expected("an instant after '\(word)' as a string with an offset, e.g. \"2026-12-20T00:00:00+01:00\"")
  }

  /// The `)` of a parenthesised condition, pointing back at its `(` (`line:column`).
  static func closingParen(openedAt position: SourcePosition) -> Expected {
    Expected("')' to close the '(' at \(position)")
  }

  static func closingBraceOfAudienceTable(placement: String) -> Expected {
    Expected("'}' to close the audience table of '\(placement)'")
  }

  static func closingBraceOfLayer(_ layer: String) -> Expected { Expected("'}' to close layer '\(layer)'") }

  static func closingBraceOfVariations(test: String) -> Expected {
    Expected("'}' to close the variations of test '\(test)'")
  }

  static func closingBraceOfTest(_ test: String) -> Expected { Expected("'}' to close test '\(test)'") }

  static func closingBraceOfVariation(_ id: String) -> Expected { Expected("'}' to close variation '\(id)'") }

  // MARK: Fixed constructs, in the order the grammar meets them

  static let attributeName = Expected("an attribute name")
  static let colonAfterAttributeName = Expected("':' after the attribute name")
  static let timeUnitOfDate = Expected("a time unit ('seconds' or 'milliseconds')")
  static let endOfAttributeDeclaration = Expected("the end of the attribute declaration")
  static let type = Expected("a type (string, number, bool, version, date, choice(...) or choices(...))")
  static let openingParenOfOptions = Expected("'(' and the option ids")
  static let closingParenOfOptions = Expected("')' after the option ids")
  static let optionID = Expected("an option id")
  static let commaOrClosingParen = Expected("',' or ')'")
  static let sourceKind = Expected("a source kind ('quiz', 'input' or 'toggle')")
  static let elementID = Expected("the element id as a string, e.g. \"experience\"")
  static let screenID = Expected("the screen id as a string")
  static let optionKey = Expected("the option key ('id' or 'value')")
  static let defaultOption = Expected("the default option id")
  static let segmentName = Expected("a segment name")
  static let equalsAfterSegmentName = Expected("'=' after the segment name")
  static let endOfCondition = Expected("'and', 'or' or the end of the condition")
  static let placementName = Expected("a placement name")
  static let colonAfterPlacementName = Expected("':' and the placement's content type (flow or paywall)")
  static let contentType = Expected("the content type 'flow' or 'paywall'")
  static let openingBraceOfAudienceTable = Expected("'{' to open the audience table")
  static let row = Expected("a row ('<segment> -> <content>' or 'default -> <content>')")
  static let arrowAfterRowSegment = Expected("'->' after the row's segment")
  static let flowID = Expected("a flow id")
  static let paywallAfterWith = Expected("'paywall' after 'with'")
  static let paywallIDAfterWith = Expected("a paywall id after 'with paywall'")
  static let paywallID = Expected("a paywall id")
  static let timeUnitOfAge = Expected("a time unit (minutes, hours, days, weeks)")
  static let closingParenAfterAttribute = Expected("')' after the attribute")
  static let percentage = Expected("a percentage from 0 to 100")
  static let closingParenAfterPercentage = Expected(
    "')' after the percentage, or 'from' and an instant to start a ramp, e.g. 'percent(5) salt \"s\"'")
  static let rolloutSalt = Expected("the rollout's salt as a string")
  static let closingParenAfterRamp = Expected("',' and the next step, or ')' after the ramp's steps")
  static let commaOrClosingBracket = Expected("',' or ']'")
  static let closingBracketOfList = Expected("']' to close the list")
  static let layerName = Expected("a layer name")
  static let openingBraceOfLayer = Expected(
    "'{' and the layer's tests with their shares, e.g. 'music_paywalls 0% to 30%'")
  static let testName = Expected("a test name")
  static let shareStart = Expected("the start of the test's share, e.g. '0%'")
  static let shareEnd = Expected("the end of the test's share, e.g. '30%'")
  static let percentAfterShareBound = Expected("'%' after the share's bound")
  static let overrideTarget = Expected("a test or placement name")
  static let colonAfterOverrideTarget = Expected("':' after the overridden test or placement")
  static let variationID = Expected("a variation id")
  static let overrideCondition = Expected("'for' and the condition of the profiles the override applies to")
  static let openingBraceOfTest = Expected("'{' and the test's variations")
  static let versionID = Expected("the version id as a string, e.g. \"2026-spring\"")
  static let weight = Expected("a weight such as '50%'")
  static let percentAfterWeight = Expected("'%' after the weight")
  static let stickyWindowCount = Expected("a number of days after 'sticky for'")
  static let stickyWindowUnit = Expected("'days' after the stickiness window's count")
  static let openingBraceOfVariation = Expected("'{' and the variation's content per placement")
  static let arrowAfterPlacementName = Expected("'->' after the placement name")
  static let dialectName = Expected("a dialect name: 'placement' or 'adapty'")
  static let endOfDialect = Expected("the end of the dialect declaration")
  static let listName = Expected("a list name")
  static let listFrom = Expected("'from' and the list file's path, e.g. 'from \"lists/vip_ids.txt\"'")
  static let endOfList = Expected("the end of the list declaration")
  /// A list file's path written without quotes (`from lists/vip.txt`).
  static let quotedListPath = Expected("the list file's path in quotes, e.g. 'from \"lists/vip_ids.txt\"'")
}

/// What stands where a construct is missing: the `<found>` of "expected <what>, found <found>". A token's text is
/// escaped and cut at 40 characters when shown, so a huge or binary token cannot blow up the message.
enum Found: Sendable, Hashable {
  case endOfFile
  /// The construct is missing at the end of a line (reported there, not at the next line's first token).
  case endOfLine
  case word(String)
  case string(String)
  case number(String)
  case pattern(String)
  /// Punctuation or an operator, as written in the source.
  case symbol(String)

  var description: String {
    switch self {
    case .endOfFile: "end of file"
    case .endOfLine: "the end of the line"
    case .word(let text): "'\(Self.shown(text))'"
    case .string(let text): "string \"\(Self.shown(text))\""
    case .number(let text): "number \(Self.shown(text))"
    case .pattern(let text): "pattern /\(Self.shown(text))/"
    case .symbol(let text): "'\(Self.shown(text))'"
    }
  }

  private static func shown(_ text: String) -> String { UntrustedText.escaped(text, limit: 40) }
}

extension Expected {
  // MARK: Event queries and caps

  /// The quoted event name after `event`.
  static let eventName = Expected("an event name as a string, e.g. \"paywall_shown\"")
  /// The property after `where` in an event query.
  static let eventProperty = Expected("an event property name after 'where'")
  /// The `)` closing an event query.
  static let closingParenOfEventQuery = Expected("')' to close the event query")
  /// A second `within last` in one event query.
  static let closingParenAfterEventWindow = Expected(
    "')' to close the event query: a query has one 'within last' window")
  /// The unit of an event window or a cap.
  static let eventWindowUnit = Expected("a time unit ('minutes', 'hours', 'days' or 'weeks')")
  /// An event query (`count(event …)`, `first_at(…)`, `last_at(…)`) with no operator after it.
  static func comparison(afterEvent function: String) -> Expected {
    Expected("a comparison after '\(function)(event …)'", code: SyntaxCatalog.expectedExpression)
  }
  /// A whole number in a cap.
  static let capNumber = Expected("a whole number")
}
