/// Types one predicate against its attribute: picks the ``ValueTest`` for the operator and the attribute's
/// type, and converts the literals. Negated operators become `.not` of the positive test.
struct PredicateTyping {
  let syntax: PredicateSyntax
  let attribute: AttributeDefinition
  let file: SourceFile
  var diagnostics: [Diagnostic] = []

  init(syntax: PredicateSyntax, attribute: AttributeDefinition, file: SourceFile) {
    self.syntax = syntax
    self.attribute = attribute
    self.file = file
  }

  var op: OperatorSyntax { syntax.op }
  var name: String { attribute.name }

  mutating func condition() -> Condition {
    if syntax.ignoringCase, !ignoringCaseApplies {
      report(
        .ignoringCaseNotApplicable(op.spelling, attribute.type.kindName, name),
        syntax.opRange,
        notes: [.ignoringCaseApplies])
    }
    if op == .inList || op == .notInList, !isList(operand) {
      report(
        .expectedList(op.spelling), operand.range,
        notes: [.writeList(file.text(of: operand.range))])
      return .constant(false)
    }
    switch op {
    case .isSet: return make(.isSet)
    case .isNotSet: return .not(make(.isSet, negated: true))
    default: break
    }
    if let function = syntax.subject.function { return functionCondition(function) }
    let test: ValueTest?
    switch attribute.type {
    case .string: test = stringTest()
    case .number: test = numberTest()
    case .bool: test = boolTest()
    case .version: test = versionTest()
    case .date(let unit): test = dateTest(unit: unit)
    case .choice(let options): test = choiceTest(options)
    case .choices(let options): test = choicesTest(options)
    }
    guard let test else { return .constant(false) }
    return isNegated ? .not(make(test, negated: true)) : make(test)
  }

  /// Whether `ignoring case` fits the operator on this attribute's type: string operators, and option ids of
  /// `choice`/`choices` attributes (the literal then names every option equal to it ignoring case).
  var ignoringCaseApplies: Bool {
    guard syntax.subject.function == nil else { return false }
    switch attribute.type {
    case .string:
      return [.equal, .notEqual, .inList, .notInList, .startsWith, .endsWith, .contains, .notContains, .matches]
        .contains(op)
    case .choice: return [.equal, .notEqual, .inList, .notInList].contains(op)
    case .choices: return [.has, .hasAny, .hasAll].contains(op)
    default: return false
    }
  }

  func isList(_ literal: LiteralSyntax) -> Bool {
    switch literal {
    case .list, .missing: true
    default: false
    }
  }

  /// True for operators compiled as the complement of their positive form.
  var isNegated: Bool { [.notEqual, .notInList, .notContains, .isNotEmpty].contains(op) }

  func make(_ test: ValueTest, negated: Bool = false) -> Condition {
    .predicate(
      Predicate(
        slot: attribute.slot, attribute: name, test: test, text: file.text(of: syntax.range),
        span: SourceSpan(file: file, range: syntax.range), isWrittenNegated: negated))
  }

  mutating func report(_ message: DiagnosticMessage, _ range: SourceRange, notes: [Note] = [], fixIts: [FixIt] = []) {
    diagnostics.append(Diagnostic(message, at: SourceSpan(file: file, range: range), notes: notes, fixIts: fixIts))
  }

  mutating func unsupported() -> ValueTest? {
    report(
      .unsupportedOperator(op.spelling, attribute.type.kindName, name), syntax.opRange,
      notes: [.operators(of: attribute.type)])
    return nil
  }

  /// The comparison of an ordering operator; `!=` maps to `.equal` (negated by the caller).
  var comparison: Comparison? {
    switch op {
    case .equal, .notEqual: .equal
    case .less, .before: .less
    case .lessEqual: .lessEqual
    case .greater, .after: .greater
    case .greaterEqual: .greaterEqual
    default: nil
    }
  }

  /// The single operand (most operators have one).
  var operand: LiteralSyntax { syntax.operands.first ?? .missing(range: syntax.range) }

  /// The elements of a list operand, or the operand itself.
  var operandElements: [LiteralSyntax] {
    if case .list(let elements, _) = operand { return elements }
    return [operand]
  }

  mutating func functionCondition(_ function: SubjectSyntax.Function) -> Condition {
    switch function {
    case .count:
      guard case .choices = attribute.type else {
        report(
          .functionTypeMismatch("count", needs: "choices", name, is: attribute.type.kindName), syntax.subject.range)
        return .constant(false)
      }
    case .content, .row, .variation:
      return .constant(false)  // typed as their choice attribute (Checker+Prerequisites)
    case .years_since:
      guard case .date = attribute.type else {
        report(
          .functionTypeMismatch("years_since", needs: "date", name, is: attribute.type.kindName),
          syntax.subject.range)
        return .constant(false)
      }
    }
    guard let comparison, let number = number(operand) else {
      if comparison == nil {
        report(.functionOperator(function.rawValue), syntax.opRange)
      }
      return .constant(false)
    }
    let test: ValueTest = function == .count ? .choicesCount(comparison, number) : .yearsSince(comparison, number)
    return op == .notEqual ? .not(make(test, negated: true)) : make(test)
  }
}
