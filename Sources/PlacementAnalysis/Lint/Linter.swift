import PlacementCore

/// Runs the compiler's diagnostics and the lint rules over a compilation.
public enum Linter {
  /// The findings people act on: compiler diagnostics and lint findings, suppressed ones removed, sorted by
  /// file, position and code; as `placement lint` reports them (docs/Lint.md).
  /// - Parameters:
  ///   - compilation: the compiled rules (with errors or not).
  ///   - now: the instant both relative date conditions and schedules are judged at, as `placement lint --now`;
  ///     nil: relative dates at a fixed instant (2026-01-01T00:00:00Z, so findings do not change with the day)
  ///     and schedules (`schedule-ended`) at the clock.
  public static func lint(_ compilation: Compilation, now: Instant? = nil) -> [Diagnostic] {
    run(compilation, now: now ?? Reasoner.defaultNow, scheduleNow: now ?? Instant.now).diagnostics
  }

  /// Every finding, suppressed ones included and marked (the JSON reporter shows them).
  /// - Parameters:
  ///   - compilation: the compiled rules (with errors or not: rules run on the checked model either way).
  ///   - rules: the rules to run (default: all of ``LintRegistry``).
  ///   - now: the instant relative date conditions are judged at.
  ///   - scheduleNow: the instant schedules are judged at (`schedule-ended`; the CLI passes `--now` or the
  ///     clock); nil: `now`.
  package static func run(
    _ compilation: Compilation, rules: [any LintRule] = LintRegistry.rules, now: Instant = Reasoner.defaultNow,
    scheduleNow: Instant? = nil
  ) -> LintResult {
    let context = LintContext(compilation, now: now, scheduleNow: scheduleNow)
    var diagnostics = RebalanceWeights().amend(compilation.diagnostics, context)
    for rule in rules { diagnostics += rule.check(context) }
    let suppressions = Suppressions(files: compilation.model.files)
    let findings = diagnostics.sortedByPosition().map {
      LintFinding(diagnostic: $0, isSuppressed: suppressions.suppresses($0))
    }
    return LintResult(findings: findings, truncatedCount: compilation.truncatedCount)
  }
}

/// The outcome of ``Linter/run(_:rules:now:scheduleNow:)``.
package struct LintResult: Sendable {
  /// All findings sorted by position, suppressed ones included.
  package let findings: [LintFinding]
  /// Compiler diagnostics dropped by the compiler's cap.
  package let truncatedCount: Int

  /// Findings that are not suppressed.
  package var diagnostics: [Diagnostic] { findings.filter { !$0.isSuppressed }.map(\.diagnostic) }

  /// Unsuppressed findings of a severity.
  package func count(_ severity: Severity) -> Int {
    findings.filter { !$0.isSuppressed && $0.diagnostic.severity == severity }.count
  }

  /// How many findings a comment suppressed.
  package var suppressedCount: Int { findings.filter(\.isSuppressed).count }

  /// The same findings, in the same order and suppression, with `transform` applied to each diagnostic (a tool
  /// adding notes it knows of, such as `placement lint` on one file of a folder).
  /// - Parameter transform: the new diagnostic of each finding.
  /// - Returns: the findings with their new diagnostics, and the same ``truncatedCount``.
  package func mapDiagnostics(_ transform: (Diagnostic) -> Diagnostic) -> LintResult {
    LintResult(
      findings: findings.map { LintFinding(diagnostic: transform($0.diagnostic), isSuppressed: $0.isSuppressed) },
      truncatedCount: truncatedCount)
  }
}

/// One diagnostic of a lint run and whether a `# placement-lint: disable=…` comment suppressed it.
package struct LintFinding: Sendable {
  package let diagnostic: Diagnostic
  package let isSuppressed: Bool
}
