import PlacementKit

/// A diff as diagnostics, one per transition, test finding, added or removed placement and undecided pair,
/// located on the new rules' row where there is one: what the github and sarif formats annotate.
enum DiffFindings {
  /// The codes the diff reports, with severity and summary (the SARIF rules).
  static let codes: [(code: String, severity: Severity, summary: String)] = [
    ("decision-changed", .info, "some profile gets a different decision at this placement"),
    ("reassigns-running-test", .error, "profiles of a running A/B test would see another variation"),
    (
      "variation-renamed", .warning,
      "variations of a running test are renamed: profiles keep their content, not their variation id"
    ),
    ("variation-content-changed", .warning, "a variation of a running test shows other content"),
    ("test-started", .info, "an A/B test starts"),
    ("test-ended", .warning, "an A/B test ends"),
    ("sticky-reweighted", .info, "a sticky A/B test is re-weighted: only profiles new to it draw with the new weights"),
    ("overrides-changed", .warning, "a QA override was added or removed: the profiles it matches get another decision"),
    ("placement-added", .info, "a placement is added"),
    ("placement-removed", .warning, "a placement is removed"),
    (
      "diff-undecided", .warning,
      "a placement not proved equivalent and with no change found (unknown), a pair of rows left undecided, or a placement the time budget skipped"
    ),
  ]

  /// The row to annotate: the one whose change is responsible (a removed row has no new place, so the row
  /// that now decides).
  static func annotated(_ transition: Transition) -> SourceSpan {
    transition.causes.first { $0.kind != .rowRemoved }?.row.span ?? transition.newRow.span
  }

  static func diagnostics(_ report: DiffReport) -> [Diagnostic] {
    var out: [Diagnostic] = []
    for placement in report.placements {
      for transition in placement.transitions {
        out.append(
          Diagnostic(
            "decision-changed",
            "placement '\(transition.placement)': \(transition.old) → \(transition.new) (\(transition.causes.map(\.description).joined(separator: ", ")))",
            at: annotated(transition), severity: .info,
            notes: [
              Note(
                "old row \(transition.oldRow.index) '\(transition.oldRow.name)' decided", at: transition.oldRow.span),
              Note("for example \(DiffText.witness(transition))"),
            ]))
      }
      // Undecided pairs beside found changes are notes on what else may change; without a change they leave the
      // placement unknown, which no gate may read as equivalent.
      let severity: Severity = placement.status == .changed ? .info : .warning
      for reason in placement.undecided {
        out.append(
          Diagnostic("diff-undecided", "placement '\(placement.name)': \(reason)", at: nil, severity: severity))
      }
    }
    for test in report.tests {
      out.append(
        Diagnostic(
          DiagnosticCode(test.kind.rawValue), test.message, at: test.span, severity: test.severity,
          notes: test.witness.map { [Note("for example \($0)")] } ?? []))
    }
    out += report.addedPlacements.map {
      Diagnostic("placement-added", "placement '\($0)' is added", at: nil, severity: .info)
    }
    out += report.removedPlacements.map {
      Diagnostic("placement-removed", "placement '\($0)' is removed", at: nil, severity: .warning)
    }
    return out
  }
}

/// `--format github`: one workflow command per finding (as `lint --format github`).
struct DiffGitHubReporter {
  func render(_ report: DiffReport) -> String {
    let lint = GitHubLintReporter()
    return DiffFindings.diagnostics(report).map { lint.line($0) + "\n" }.joined()
  }
}

/// `--format sarif`: SARIF 2.1.0 with the diff codes as the driver's rules (as `lint --format sarif`).
struct DiffSARIFReporter {
  let version: String

  func render(_ report: DiffReport) -> String {
    let lint = SARIFLintReporter(version: version)
    let index = Dictionary(DiffFindings.codes.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { a, _ in a })
    let rules: [JSONValue] = DiffFindings.codes.map { entry in
      .object([
        "id": .string(entry.code), "shortDescription": .object(["text": .string(entry.summary)]),
        "help": .object(["text": .string("\(entry.summary) (placement diff; see docs/CLI.md)")]),
        "defaultConfiguration": .object(["level": .string(lint.level(entry.severity))]),
      ])
    }
    let driver: JSONValue = .object([
      "name": .string("placement diff"), "version": .string(version), "semanticVersion": .string(version),
      "rules": .array(rules),
    ])
    let results = DiffFindings.diagnostics(report).map { lint.result($0, ruleIndex: index[$0.code.id]) }
    let log: JSONValue = .object([
      "$schema": .string(SARIFLintReporter.schema), "version": .string("2.1.0"),
      "runs": .array([.object(["tool": .object(["driver": driver]), "results": .array(results)])]),
    ])
    return serialized(log, sortedKeys: true) + "\n"
  }
}
