extension Checker {
  /// Types a predicate over an event query: `count(…)` is a number, `first_at(…)`/`last_at(…)` a date in
  /// milliseconds. The query gets a derived slot (one per distinct query), which the predicate tests.
  mutating func checkEventPredicate(_ syntax: PredicateSyntax, _ event: EventSubjectSyntax) -> Condition {
    guard let query = eventQuery(event) else { return .constant(false) }
    let attribute = derivedAttribute(for: query, text: file.text(of: event.range))
    var typing = PredicateTyping(syntax: syntax, attribute: attribute, file: file)
    let result = typing.condition()
    diagnostics += typing.diagnostics
    return result
  }

  /// The query of an event subject, or nil after reporting what is wrong with it.
  mutating func eventQuery(_ event: EventSubjectSyntax) -> EventQuery? {
    guard !event.name.isMissing else { return nil }
    var filters: [EventFilter] = []
    if let filter = event.filter {
      guard !filter.property.isMissing, let value = filterText(filter.value) else { return nil }
      filters.append(EventFilter(property: filter.property.text, value: value))
    }
    var window: Int64? = nil
    if let written = event.window {
      guard let milliseconds = windowMilliseconds(written.amount, written.unit, use: .eventQuery) else { return nil }
      window = milliseconds
    }
    let function: EventQuery.Function =
      switch event.function {
      case .count: .count
      case .firstAt: .firstAt
      case .lastAt: .lastAt
      }
    return EventQuery(function: function, name: event.name.text, filters: filters, window: window)
  }

  /// A `where` value as the text event properties are compared with; nil after reporting a list or pattern.
  mutating func filterText(_ literal: LiteralSyntax) -> String? {
    switch literal {
    case .string(let text, _), .word(let text, _): return text
    case .number(let text, _):
      guard let number = Double(text) else { break }
      return Value.text(of: number)
    case .bool(let flag, _): return flag ? "true" : "false"
    case .missing: return nil
    case .list, .regex: break
    }
    report(.invalidEventFilter, literal.range)
    return nil
  }

  /// A window `<amount> <unit>` of an event query or a cap in milliseconds, or nil after reporting it.
  mutating func windowMilliseconds(_ amount: Name, _ unit: Name, use: TimeWindow.Use) -> Int64? {
    guard !amount.isMissing, !unit.isMissing else { return nil }
    guard let perUnit = TimeWindow.milliseconds(perUnit: unit.text) else {
      report(.unknownWindowUnit(unit.text), unit.range)
      return nil
    }
    guard let count = Int64(amount.text), count >= use.minimum, count <= TimeWindow.maxAmount else {
      report(.invalidWindow(use), amount.range)
      return nil
    }
    return count * perUnit
  }

  /// The derived attribute of `query`: a number (`count`) or a date in milliseconds, in a slot after every
  /// declared attribute, shared by every predicate and cap with an equal query. Never in ``attributeIndex``: no
  /// name reaches it, and no profile member sets it.
  mutating func derivedAttribute(for query: EventQuery, text: String) -> AttributeDefinition {
    if let slot = eventSlots[query] { return attributes[slot] }
    var attribute = AttributeDefinition(
      name: text, type: query.function == .count ? .number : .date(.milliseconds), source: nil, isBuiltin: false,
      slot: attributes.count, span: nil)
    attribute.event = query
    eventSlots[query] = attribute.slot
    attributes.append(attribute)
    return attribute
  }

  /// The cap of a row, with its derived count of the `shown` events of `placement` and `content` (every content
  /// of the placement when `content` is nil: a test's row), or nil after reporting a bad number or unit.
  mutating func checkCap(_ cap: CapSyntax?, placement: String, content: String?) -> RowCap? {
    guard let cap, !cap.limit.isMissing else { return nil }
    guard let limit = Int(cap.limit.text), limit >= 1, limit <= 1_000_000 else {
      report(.invalidCapLimit(limit: 1_000_000), cap.limit.range)
      return nil
    }
    guard let window = windowMilliseconds(cap.amount, cap.unit, use: .cap) else { return nil }
    var filters = [EventFilter(property: ShownEvent.placement, value: placement)]
    if let content { filters.append(EventFilter(property: ShownEvent.content, value: content)) }
    let query = EventQuery(function: .count, name: ShownEvent.name, filters: filters, window: window)
    let windowText = TimeWindow.text(amount: cap.amount.text, unit: cap.unit.text)
    let contentText = content.map { " and \(ShownEvent.content) == \"\($0)\"" } ?? ""
    let text =
      "count(event \"\(ShownEvent.name)\" where \(ShownEvent.placement) == \"\(placement)\"\(contentText) "
      + "within last \(windowText))"
    let attribute = derivedAttribute(for: query, text: text)
    return RowCap(limit: limit, windowText: windowText, slot: attribute.slot)
  }
}
