extension PredicateTyping {
  mutating func stringTest() -> ValueTest? {
    func test(_ match: StringMatch, _ literals: [String]) -> ValueTest {
      .string(match, literals, folded: syntax.ignoringCase ? literals.map { $0.lowercased() } : nil)
    }
    switch op {
    case .equal, .notEqual:
      return string(operand).map { test(.equal, [$0]) }
    case .inList, .notInList:
      return stringList().map { test(.equal, $0) }
    case .startsWith, .endsWith, .contains, .notContains:
      let match: StringMatch = op == .startsWith ? .startsWith : op == .endsWith ? .endsWith : .contains
      return stringList().map { test(match, $0) }
    case .matches:
      return pattern()
    default:
      return unsupported()
    }
  }

  mutating func numberTest() -> ValueTest? {
    switch op {
    case .inList, .notInList:
      let values = operandElements.compactMap { number($0) }
      return values.count == operandElements.count ? .numberIn(values) : nil
    case .between:
      guard syntax.operands.count == 2, let low = number(syntax.operands[0]), let high = number(syntax.operands[1])
      else { return nil }
      return orderedBounds(low, high) ? .numberBetween(low, high) : nil
    default:
      guard let comparison else { return unsupported() }
      return number(operand).map { .number(comparison, $0) }
    }
  }

  mutating func boolTest() -> ValueTest? {
    guard op == .equal || op == .notEqual else { return unsupported() }
    guard case .bool(let value, _) = operand else {
      mismatch(operand)
      return nil
    }
    return .bool(value)
  }

  mutating func versionTest() -> ValueTest? {
    switch op {
    case .inList, .notInList:
      let values = operandElements.compactMap { version($0) }
      return values.count == operandElements.count ? .versionIn(values) : nil
    default:
      guard let comparison, op != .before, op != .after else { return unsupported() }
      return version(operand).map { .version(comparison, $0) }
    }
  }

  mutating func dateTest(unit: TimeUnit) -> ValueTest? {
    switch op {
    case .between:
      guard syntax.operands.count == 2, let low = date(syntax.operands[0], unit: unit),
        let high = date(syntax.operands[1], unit: unit)
      else { return nil }
      return orderedBounds(low, high) ? .dateBetween(low, high) : nil
    case .withinLast, .moreThanAgo:
      guard let window = window() else { return nil }
      return op == .withinLast ? .dateWithinLast(milliseconds: window) : .dateOlderThan(milliseconds: window)
    default:
      guard let comparison else { return unsupported() }
      return date(operand, unit: unit).map { .date(comparison, $0) }
    }
  }

  mutating func choiceTest(_ options: Options) -> ValueTest? {
    switch op {
    case .equal, .notEqual:
      return optionBits(operand, options).map { .choiceIn($0) }
    case .inList, .notInList:
      return optionMask(options).map { .choiceIn($0) }
    default:
      return unsupported()
    }
  }

  mutating func choicesTest(_ options: Options) -> ValueTest? {
    switch op {
    case .has, .hasAll:
      guard let groups = optionGroups(options) else { return nil }
      // Without `ignoring case` every group is one option: "all of these bits" is one mask test.
      if groups.allSatisfy({ $0.nonzeroBitCount == 1 }) { return .choicesHasAll(groups.reduce(0, |)) }
      return .choicesHasEach(groups)
    case .hasAny: return optionMask(options).map { .choicesHasAny($0) }
    case .isEmpty, .isNotEmpty: return .choicesIsEmpty
    case .equal, .notEqual, .inList, .notInList:
      report(
        .choicesCompared(name, op.spelling), syntax.opRange)
      return nil
    default: return unsupported()
    }
  }

  /// A `within last`/`more than … ago` window in milliseconds.
  mutating func window() -> Int64? {
    guard let amount = number(operand), let unit = syntax.unit, !unit.isMissing else { return nil }
    guard let perUnit = TimeWindow.milliseconds(perUnit: unit.text) else {
      report(.unknownWindowUnit(unit.text), unit.range)
      return nil
    }
    let use = TimeWindow.Use.condition
    guard amount >= Double(use.minimum), amount <= Double(TimeWindow.maxAmount), amount == amount.rounded() else {
      report(.invalidWindow(use), operand.range)
      return nil
    }
    return Int64(amount) * perUnit
  }

  mutating func pattern() -> ValueTest? {
    let source: String
    let range = operand.range
    switch operand {
    case .regex(let text, _), .string(let text, _): source = text
    default:
      mismatch(operand)
      return nil
    }
    do {
      return .matches(try Pattern(source, ignoringCase: syntax.ignoringCase))
    } catch {
      // The pattern's offset is within the literal; +1 skips the opening delimiter.
      let start = min(range.start + 1 + error.offset, max(range.start, range.end - 1))
      report(
        .invalidPattern(error.message), SourceRange(start: start, end: start + 1))
      return nil
    }
  }

  /// `between a and b` needs `a <= b`; otherwise it could never match.
  mutating func orderedBounds<T: Comparable>(_ low: T, _ high: T) -> Bool {
    guard low > high else { return true }
    let range = syntax.operands[0].range.union(syntax.operands[1].range)
    report(
      .reversedBetween, range,
      notes: [.lowerBoundFirst(file.text(of: syntax.operands[1].range), file.text(of: syntax.operands[0].range))])
    return false
  }
}
