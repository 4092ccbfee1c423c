import PlacementCore

/// A lint rule: a value that looks at a compiled rule set and returns findings.
///
/// Each rule lives in its own file under `Lint/Rules/`, its type name is its ``id`` in UpperCamelCase
/// (`unreachable-row` → `UnreachableRow`), and its `///` comment is the documentation harvested into
/// `docs/Lint.md` by `scripts/lint-docs.sh`. Rules see the checked model and the syntax trees (for literal-level
/// details), never the file system.
package protocol LintRule: Sendable {
  /// The stable code of the rule's findings (kebab-case); suppression comments and JSON consumers match it.
  static var id: DiagnosticCode { get }
  /// The severity of the rule's findings unless a finding says otherwise.
  static var severity: Severity { get }
  /// One line saying what the rule catches (SARIF `shortDescription`, `docs/Lint.md`).
  static var summary: String { get }

  /// The rule's findings on one rule set.
  /// - Parameter context: the compilation, its syntax trees and a ``Reasoner`` over its conditions.
  /// - Returns: diagnostics with the rule's code, in any order (the linter sorts them).
  func check(_ context: LintContext) -> [Diagnostic]
}

extension LintRule {
  /// The rule's catalogue entry.
  package static var entry: CatalogEntry { CatalogEntry(id, severity, summary) }

  /// A finding of this rule, worded by the catalogue (`LintMessages.swift`; the message carries the rule's code).
  func finding(
    _ message: DiagnosticMessage, at span: SourceSpan?, severity: Severity? = nil, notes: [Note] = [],
    fixIts: [FixIt] = []
  ) -> Diagnostic {
    assert(message.code == Self.id, "\(message.code) reported by \(Self.id)")
    return Diagnostic(
      Self.id, message.text, at: span, severity: severity ?? Self.severity, notes: notes, fixIts: fixIts)
  }
}

/// Every lint rule, in documentation order. Add a new rule here and in `docs/Lint.md`.
package enum LintRegistry {
  package static let rules: [any LintRule] = [
    UnreachableRow(),
    OverlappingRows(),
    NeverMatches(),
    AlwaysMatches(),
    NegationOverAnswer(),
    NegationIncludesMissing(),
    TitleInsteadOfId(),
    AdaptyLimit(),
    LanguageCode(),
    AttributionStatus(),
    VariationIdLength(),
    IdsDifferByCase(),
    CustomStringVariants(),
    AmbiguousElement(),
    EmptyList(),
    EmptyStringInList(),
    ConfusableLiteral(),
    DuplicateListElement(),
    DuplicateRowSegment(),
    ScheduleEnded(),
    StalledRamp(),
    PrerequisiteNeverHolds(),
    OverlappingSchedules(),
    CapInTest(),
    LayerAllocation(),
    UnusedSegment(),
    UnusedAttribute(),
    InvalidSuppression(),
  ]
}
