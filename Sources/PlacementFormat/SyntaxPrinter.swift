import PlacementCore

/// Prints syntax nodes in canonical single-line form: one space around binary operators and after commas,
/// parentheses exactly where the source has them, strings re-escaped, numbers and patterns as written.
struct SyntaxPrinter {
  let file: SourceFile
  let tokens: TokenIndex

  func expr(_ expr: Expr) -> String {
    if let chain = expr.chain { return chain.operands.map(self.expr).joined(separator: " \(chain.keyword) ") }
    return switch expr {
    case .and, .or: ""
    case .not(let operand, _): "not " + self.expr(operand)
    case .group(let inner, _): "(" + self.expr(inner) + ")"
    case .reference(let name): name.text
    case .predicate(let predicate): self.predicate(predicate)
    case .rollout(let percent, let salt, _): "percent(\(percent.text)) salt \(Spelling.quoted(salt.text))"
    case .ramp(let ramp):
      "percent("
        + ramp.steps.map { "\($0.percent.text) from \(Spelling.quoted($0.instant.text))" }.joined(separator: ", ")
        + ") salt \(Spelling.quoted(ramp.salt.text))"
    case .missing: ""
    }
  }

  func predicate(_ predicate: PredicateSyntax) -> String {
    let subject = predicate.subject
    var out =
      subject.event.map(event) ?? subject.function.map { "\($0.rawValue)(\(subject.attribute.text))" }
      ?? subject.attribute.text
    let operands = predicate.operands.map(literal)
    let unit = predicate.unit?.text ?? ""
    switch predicate.op {
    case .isSet, .isNotSet, .isEmpty, .isNotEmpty:
      out += " " + predicate.op.spelling
    case .between:
      out += " between " + operands.joined(separator: " and ")
    case .withinLast:
      out += " within last \(operands.first ?? "") \(unit)"
    case .moreThanAgo:
      out += " more than \(operands.first ?? "") \(unit) ago"
    default:
      out += " " + predicate.op.spelling + " " + operands.joined(separator: " ")
    }
    if predicate.ignoringCase { out += " ignoring case" }
    return out
  }

  /// `count(event "x" where p == v within last 7 days)`.
  func event(_ event: EventSubjectSyntax) -> String {
    let filter = event.filter.map { " where \($0.property.text) == \(literal($0.value))" } ?? ""
    let window = event.window.map { " within last \($0.amount.text) \($0.unit.text)" } ?? ""
    return "\(event.function.rawValue)(event \(Spelling.quoted(event.name.text))\(filter)\(window))"
  }

  /// ` limit 3 per 7 days` (with its leading space), or nothing.
  func cap(_ cap: CapSyntax?) -> String {
    cap.map { " limit \($0.limit.text) per \($0.amount.text) \($0.unit.text)" } ?? ""
  }

  func literal(_ literal: LiteralSyntax) -> String {
    switch literal {
    case .string(let value, _): Spelling.quoted(value)
    case .number(let text, _): text
    case .bool(let value, _): value ? "true" : "false"
    case .word(let word, _): word
    case .list(let elements, _): "[" + elements.map(self.literal).joined(separator: ", ") + "]"
    case .regex(_, let range): file.text(of: range)
    case .missing: ""
    }
  }

  /// What a row, a variation or a cross-placement entry shows, on one line.
  func content(_ content: ContentSyntax) -> String {
    switch content {
    case .flow(let id, let paywall, _): "flow \(id.text)" + (paywall.map { " with paywall \($0.text)" } ?? "")
    case .paywall(let id, _): "paywall \(id.text)"
    case .fallthrough_: "fallthrough"
    case .holdout: "holdout"
    case .testReference(let name, _): "test \(name.text)"
    case .test(let test):
      test.variations.isEmpty
        ? testHead(test) + " {}"
        : testHead(test) + " { " + test.variations.map(variation).joined(separator: ", ") + " }"
    case .missing: ""
    }
  }

  /// `test <name> [version "<id>"] [sticky [for <n> days]] [from "<instant>"] [until "<instant>"]`
  func testHead(_ test: InlineTestSyntax) -> String {
    "test \(test.name.text)" + (test.version.map { " version \(Spelling.quoted($0.text))" } ?? "")
      + (test.sticky == nil ? "" : " sticky") + stickyWindow(test.stickyWindow) + window(test.window)
  }

  /// ` for <count> <unit>` after `sticky`, or "".
  func stickyWindow(_ window: StickyWindowSyntax?) -> String {
    window.map { " for \($0.count.text) \($0.unit.text)" } ?? ""
  }

  /// ` from "<instant>" until "<instant>"` (each part only when written, with a leading space), or "".
  func window(_ window: WindowSyntax?) -> String {
    guard let window else { return "" }
    return (window.from.map { " from \(Spelling.quoted($0.text))" } ?? "")
      + (window.until.map { " until \(Spelling.quoted($0.text))" } ?? "")
  }

  /// `[<id>:] <content> <weight>%`
  func variation(_ variation: VariationSyntax) -> String {
    (variation.id.map { "\($0.text): " } ?? "") + content(variation.content) + " \(variation.weight.text)%"
  }

  /// An option of a choice type; an id written as a string stays a string. At the start of a line, an id that is
  /// a declaration word (`test`, `segment`, …) is quoted, or the parser would take it for a new declaration.
  func option(_ option: OptionSyntax, atLineStart: Bool = false) -> String {
    let isString = file.bytes[option.id.range.start] == UInt8(ascii: "\"")
    let mustQuote = atLineStart && Parser.declarationWords.contains(option.id.text)
    let id = isString || mustQuote ? Spelling.quoted(option.id.text) : option.id.text
    return id + (option.title.map { " " + Spelling.quoted($0.text) } ?? "")
  }

  /// `from <kind> "<element>" [on screen "<screen>"] [key <key>] [default <option> if screen "<screen>"
  /// presented]`: the element string as written (`"screen/element"` stays
  /// one string, also before `on screen`).
  func source(_ source: SourceSyntax) -> String {
    let element = tokens.first(atOrAfter: source.element.range.start).value
    let screen = source.screen.flatMap { $0.range == source.element.range ? nil : $0 }
    return "from \(source.kind.text) \(Spelling.quoted(element))"
      + (screen.map { " on screen \(Spelling.quoted($0.text))" } ?? "")
      + (source.key.map { " key \($0.text)" } ?? "")
      + (source.presentedDefault.map {
        " default \(option($0.option)) if screen \(Spelling.quoted($0.screen.text)) presented"
      } ?? "")
  }
}
