import PlacementCore

/// Negated tests of attributes that may be missing, in segments that still admit a profile without the attribute.
///
/// Negated operators are exact complements, so they are true on a missing value (docs/Semantics.md rule 1). A
/// site is a predicate negated an odd number of times in total (by its operator and by enclosing `not`s) whose
/// segment, conjoined with `<attribute> is not set`, is still satisfiable. `is set`/`is not set` and rollouts are
/// never sites. Under `dialect adapty` the checked segments already require every negated attribute, so no site
/// has a witness.
struct NegationSites {
  /// Which attributes this search reports.
  let includes: @Sendable (AttributeDefinition) -> Bool

  /// A negated test of one attribute and the text that the fix-it extends.
  struct Site {
    let attribute: AttributeDefinition
    let range: SourceRange
    /// True when the site is the operand of a `not` written without parentheses (the fix-it adds them).
    let needsParentheses: Bool
  }

  /// One reported site: where, the negated text, the fix-it's replacement and a profile without the attribute
  /// that the segment matches.
  struct Found {
    let attribute: String
    let segment: String
    let span: SourceSpan
    let text: String
    let replacement: String
    let witness: String
  }

  /// How a rule words its findings: the message, the hint, the witness note and the fix-it.
  struct Wording: Sendable {
    let message: @Sendable (_ test: String, _ attribute: String) -> DiagnosticMessage
    let hint: @Sendable (_ attribute: String) -> Note
    let witness: @Sendable (Found) -> Note
    let fixIt: @Sendable (_ span: SourceSpan, _ replacement: String) -> FixIt
  }

  /// The findings of `rule`: one per ``Found`` site, worded by `wording`.
  func findings(of rule: some LintRule, _ context: LintContext, _ wording: Wording) -> [Diagnostic] {
    find(context).map { site in
      rule.finding(
        wording.message(site.text, site.attribute), at: site.span,
        notes: [wording.hint(site.attribute), wording.witness(site)],
        fixIts: [wording.fixIt(site.span, site.replacement)])
    }
  }

  func find(_ context: LintContext) -> [Found] {
    // Under adapty a negation already excludes missing values (even while an error leaves it unrewritten).
    guard context.model.dialect != .adapty else { return [] }
    var found: [Found] = []
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
          Found(
            attribute: name, segment: decl.node.name.text, span: decl.span(site.range), text: text,
            replacement: replacement, witness: witness.describe(context.model.attributes)))
      }
    }
    return found
  }

  /// Finds predicates on included attributes that are negated an odd number of times in total, with the text to
  /// extend: the predicate, or the innermost `not` that makes it negative.
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
      guard let attribute = context.attribute(named: p.subject.attribute.text), includes(attribute),
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
        includes(attribute), attribute.type == .bool
      else { return }
      sites.append(Site(attribute: attribute, range: notRange, needsParentheses: false))
    case .rollout, .ramp, .missing:
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
