/// The meaning a rule set gives negations over missing values (`dialect placement|adapty`).
///
/// Under ``placement`` a negation is the exact complement of its test, so it holds on a missing value
/// (docs/Semantics.md rule 1). Under ``adapty`` a condition has SQL's three-valued meaning: a test of a missing
/// (or wrong-typed) attribute is unknown, `not unknown` is unknown, `and`/`or` are Kleene's, and a segment
/// matches only when its condition is true. `is set`/`is not set` are never unknown.
package enum Dialect: String, Sendable, Hashable, CaseIterable {
  case placement
  case adapty
}

extension Checker {
  /// Records a `dialect` declaration: an unknown name, or a second declaration naming another dialect, is an
  /// error (the same dialect declared in several files is allowed).
  mutating func declareDialect(_ decl: DialectDecl) {
    guard !decl.name.isMissing else { return }
    guard let declared = Dialect(rawValue: decl.name.text) else {
      let hints = suggestions(for: decl.name) { _ in Dialect.allCases.map(\.rawValue) }
      report(.unknownDialect(decl.name.text), decl.name.range, notes: hints.notes, fixIts: hints.fixIts)
      return
    }
    if let previous = dialect {
      guard previous.dialect != declared else { return }
      report(
        .conflictingDialects(declared.rawValue, previous: previous.dialect.rawValue), decl.name.range,
        notes: [.firstDeclared(at: previous.span)])
      return
    }
    dialect = (declared, span(decl.name.range))
  }

  /// Records the declared dialect in the model and, under ``Dialect/adapty`` and when the rules checked clean,
  /// rewrites every segment and override condition to its three-valued meaning (``ThreeValued``). The compiler,
  /// the evaluator, the reasoner and explanations then all read the rewritten conditions; the default dialect
  /// leaves the model as it is.
  mutating func applyDialect(to model: inout CheckedRules) {
    guard let dialect else { return }
    model.dialect = dialect.dialect
    model.dialectSpan = dialect.span
    guard dialect.dialect == .adapty, !diagnostics.contains(where: { $0.severity == .error }) else { return }
    var rewrite = ThreeValued(segments: model.segments.map(\.condition))
    model.segments = model.segments.map { segment in
      SegmentDefinition(
        name: segment.name, condition: rewrite.positive(segment.condition), span: segment.span,
        conditionText: segment.conditionText)
    }
    model.overrides = model.overrides.map { override in
      OverrideDefinition(
        target: override.target, variation: override.variation, content: override.content,
        condition: rewrite.positive(override.condition), conditionText: override.conditionText, span: override.span)
    }
  }
}
