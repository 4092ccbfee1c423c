extension Checker {
  /// Resolves and types a condition. Errors are reported and replaced by `false`, so nothing unknown ever
  /// matches (fail closed, docs/Product.md §4.7).
  mutating func checkExpression(_ expr: Expr, references: inout [(target: Int, span: SourceSpan)]) -> Condition {
    switch expr {
    case .and(let left, let right):
      return .all(
        flatten(
          checkExpression(left, references: &references), checkExpression(right, references: &references), and: true))
    case .or(let left, let right):
      return .any(
        flatten(
          checkExpression(left, references: &references), checkExpression(right, references: &references), and: false))
    case .not(let inner, _):
      return .not(checkExpression(inner, references: &references))
    case .group(let inner, _):
      return checkExpression(inner, references: &references)
    case .reference(let name):
      return checkReference(name, references: &references)
    case .rollout(let percent, let salt, let range):
      return checkRollout(percent: percent, salt: salt, range: range)
    case .ramp(let ramp):
      return checkRamp(ramp)
    case .predicate(let predicate):
      return checkPredicate(predicate)
    case .missing:
      return .constant(false)
    }
  }

  private func flatten(_ left: Condition, _ right: Condition, and: Bool) -> [Condition] {
    var parts: [Condition] = []
    for part in [left, right] {
      switch part {
      case .all(let inner) where and: parts += inner
      case .any(let inner) where !and: parts += inner
      default: parts.append(part)
      }
    }
    return parts
  }

  /// A bare name: a segment, or a bool attribute meaning `== true`.
  mutating func checkReference(_ name: Name, references: inout [(target: Int, span: SourceSpan)]) -> Condition {
    if let index = segmentIndex[name.text] {
      references.append((index, span(name.range)))
      return .segment(index)
    }
    if let index = attributeIndex[name.text] {
      let attribute = attributes[index]
      guard attribute.type == .bool else {
        report(
          .nonBoolReference(name.text, attribute.type.kindName), name.range, notes: [.compareIt(name.text)])
        return .constant(false)
      }
      return .predicate(
        Predicate(
          slot: attribute.slot, attribute: name.text, test: .bool(true), text: name.text, span: span(name.range)))
    }
    let suggested = suggestions(for: name) {
      Array($0.segmentIndex.keys) + $0.attributes.filter { $0.type == .bool }.map(\.name)
    }
    report(
      .unknownSegment(name.text), name.range, notes: suggested.notes,
      fixIts: suggested.fixIts)
    return .constant(false)
  }

  mutating func checkRollout(percent: Name, salt: Name, range: SourceRange) -> Condition {
    guard !percent.isMissing, !salt.isMissing else { return .constant(false) }
    guard let threshold = Self.basisPoints(percent.text) else {
      report(
        .invalidRolloutPercentage(percent.text), percent.range)
      return .constant(false)
    }
    registerSalt(salt)
    return .rollout(salt: salt.text, threshold: threshold, text: file.text(of: range))
  }

  /// Resolves the subject of a predicate and dispatches on its type.
  mutating func checkPredicate(_ syntax: PredicateSyntax) -> Condition {
    if let function = syntax.subject.function, function.isPrerequisite {
      return checkPrerequisite(syntax, function)
    }
    if let event = syntax.subject.event { return checkEventPredicate(syntax, event) }
    let name = syntax.subject.attribute
    guard !name.isMissing else { return .constant(false) }
    guard let index = attributeIndex[name.text] else {
      if segmentIndex[name.text] != nil {
        report(
          .segmentCompared(name.text), name.range)
      } else {
        let suggested = suggestions(for: name) { $0.attributes.map(\.name) }
        report(
          .unknownAttribute(name.text), name.range,
          notes: suggested.notes + [.declareAttribute(name.text)],
          fixIts: suggested.fixIts)
      }
      return .constant(false)
    }
    let attribute = attributes[index]
    if syntax.op == .inIdList || syntax.op == .notInIdList { return checkIdListPredicate(syntax, attribute: attribute) }
    var typing = PredicateTyping(syntax: syntax, attribute: attribute, file: file)
    let result = typing.condition()
    diagnostics += typing.diagnostics
    return result
  }
}
