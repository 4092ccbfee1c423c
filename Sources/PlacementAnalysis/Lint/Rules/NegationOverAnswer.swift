import PlacementCore

/// A negation over a flow answer (`!=`, `not in`, `not contains`, `is not empty`, `not …`) that also matches
/// profiles that never answered.
///
/// Negated operators are exact complements, so they are true on a missing value (docs/Product.md §4.1), and a quiz,
/// input or toggle answer is missing for everyone who skipped the screen or whose events were lost. The rule
/// reports a negation over an attribute declared `from quiz|input|toggle` when its segment still admits a
/// profile without that answer, and suggests (with a fix-it) adding `and <attribute> is set`. A segment that
/// already requires the answer (`experience != pro and experience is set`) is not reported.
///
/// Example: `segment not_pros = experience != pro` also matches profiles that never took the quiz.
/// Fix: `experience != pro and experience is set`, or suppress the finding if non-answerers are meant.
struct NegationOverAnswer: LintRule {
  static let id: DiagnosticCode = "negation-over-answer"
  static let severity: Severity = .warning
  static let summary = "a negation over a flow answer also matches profiles that never answered"

  /// A negated test of one answer and the text that the fix-it extends.
  struct Site {
    let attribute: AttributeDefinition
    let range: SourceRange
    /// True when the site is the operand of a `not` written without parentheses (the fix-it adds them).
    let needsParentheses: Bool
  }

  func check(_ context: LintContext) -> [Diagnostic] {
    var found: [Diagnostic] = []
    for decl in context.segmentDecls {
      guard let index = context.segmentIndex(of: decl.node, in: decl.file) else { continue }
      var sites: [Site] = []
      collect(decl.node.condition, context, negations: 0, notRange: nil, underNot: false, into: &sites)
      var seen = Set<String>()
      for site in sites where seen.insert("\(site.range.start)|\(site.attribute.name)").inserted {
        let absent = Reasoner.Requirement(Self.isSet(site.attribute, decl.span(site.range)), holds: false)
        guard let witness = context.reasoner.check([Reasoner.Requirement(.segment(index)), absent]).witness else {
          continue
        }
        let name = site.attribute.name
        let text = decl.file.text(of: site.range)
        let replacement = site.needsParentheses ? "(\(text) and \(name) is set)" : "\(text) and \(name) is set"
        found.append(
          finding(
            .negationOverAnswer(text, attribute: name), at: decl.span(site.range),
            notes: [
              .requireAnswerHint(name),
              .unansweredWitness(segment: decl.node.name.text, witness: witness.describe(context.model.attributes)),
            ],
            fixIts: [.requireAnswer(at: decl.span(site.range), replacement: replacement)]))
      }
    }
    return found
  }

  /// Finds predicates on sourced attributes that are negated an odd number of times in total (by their
  /// operator and by enclosing `not`s), with the text to extend: the predicate, or the innermost `not` that
  /// makes it negative.
  func collect(
    _ expr: Expr, _ context: LintContext, negations: Int, notRange: SourceRange?, underNot: Bool,
    into sites: inout [Site]
  ) {
    switch expr {
    case .and(let l, let r), .or(let l, let r):
      collect(l, context, negations: negations, notRange: notRange, underNot: false, into: &sites)
      collect(r, context, negations: negations, notRange: notRange, underNot: false, into: &sites)
    case .group(let inner, _):
      collect(inner, context, negations: negations, notRange: notRange, underNot: false, into: &sites)
    case .not(let inner, let range):
      let odd = negations % 2 == 0
      collect(inner, context, negations: negations + 1, notRange: odd ? range : nil, underNot: true, into: &sites)
    case .predicate(let p):
      guard let attribute = context.attribute(named: p.subject.attribute.text), attribute.source != nil,
        p.op != .isSet, p.op != .isNotSet
      else { return }
      let negatedOperator = [.notEqual, .notInList, .notContains, .isNotEmpty].contains(p.op)
      if negatedOperator, negations % 2 == 0 {
        sites.append(Site(attribute: attribute, range: p.range, needsParentheses: underNot))
      } else if !negatedOperator, negations % 2 == 1, let notRange {
        sites.append(Site(attribute: attribute, range: notRange, needsParentheses: false))
      }
    case .reference(let name):
      guard negations % 2 == 1, let notRange, let attribute = context.attribute(named: name.text),
        attribute.source != nil, attribute.type == .bool
      else { return }
      sites.append(Site(attribute: attribute, range: notRange, needsParentheses: false))
    case .rollout, .missing:
      return
    }
  }

  /// The condition `<attribute> is set`.
  static func isSet(_ attribute: AttributeDefinition, _ span: SourceSpan) -> Condition {
    .predicate(
      Predicate(
        slot: attribute.slot, attribute: attribute.name, test: .isSet, text: "\(attribute.name) is set", span: span))
  }
}
