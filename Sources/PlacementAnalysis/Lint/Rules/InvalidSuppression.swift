import PlacementCore

/// A `# placement-lint:` comment that suppresses nothing: malformed, or naming a code that is not a lint code.
///
/// Suppression comments read `# placement-lint: disable=<code>[,<code>…]`, on the line of the finding (after
/// the code) or on a line of their own just above it. A misspelt code would silently suppress nothing, and
/// compiler diagnostics cannot be suppressed (the rules do not work as written).
///
/// Example: `# placement-lint: disable=negation-over-answers` (the code is `negation-over-answer`).
/// Fix: correct the code (the did-you-mean names it).
struct InvalidSuppression: LintRule {
  static let id: DiagnosticCode = "invalid-suppression"
  static let severity: Severity = .warning
  static let summary = "a suppression comment is malformed or names an unknown or compiler code"

  func check(_ context: LintContext) -> [Diagnostic] {
    let lintCodes = LintCatalog.entries.map(\.code.id)
    var found: [Diagnostic] = []
    for tree in context.model.files {
      for comment in tree.comments {
        guard let directive = SuppressionDirective(comment.text) else { continue }
        let span = SourceSpan(file: tree.file, range: comment.range)
        if let problem = directive.problem {
          found.append(finding(.invalidSuppression(problem), at: span))
        }
        for code in directive.codes where !lintCodes.contains(code) {
          if DiagnosticCatalog.entry(for: DiagnosticCode(code)) != nil {
            found.append(
              finding(
                .compilerCodeSuppressed(code), at: span,
                notes: [.compilerErrorsCannotBeSuppressed]))
          } else {
            found.append(
              finding(
                .unknownLintCode(code), at: span,
                notes: Suggestions.closest(to: code, in: lintCodes).map { [.didYouMean($0)] } ?? []))
          }
        }
      }
    }
    return found
  }
}
