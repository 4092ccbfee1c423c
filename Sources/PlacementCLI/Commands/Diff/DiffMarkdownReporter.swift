import PlacementKit

/// `--format markdown`: the diff as a pull-request comment (GitHub-flavoured Markdown): a headline, a table of
/// placements, one table of transitions per changed placement (old, new, why, rows, an example profile) and its
/// changed QA overrides, the experiment findings, the sampled impact and the checks.
struct DiffMarkdownReporter {
  let report: DiffReport
  let sample: DiffSample?
  let verdicts: [DiffChecks.Verdict]
  let instant: DiffInstant

  func render() -> String {
    var out = "### placement diff\n\n"
    out +=
      (report.isEquivalent
        ? "**Equivalent**: no profile can get a different decision" : DiffText.summary(report)) + "; \(instant).\n\n"
    out += "| placement | result |\n|---|---|\n"
    for placement in report.placements { out += "| `\(placement.name)` | \(cell(DiffText.status(placement))) |\n" }
    for name in report.addedPlacements { out += "| `\(name)` | added |\n" }
    for name in report.removedPlacements { out += "| `\(name)` | removed |\n" }
    for placement in report.placements
    where !placement.transitions.isEmpty || !placement.undecided.isEmpty || !placement.overrides.isEmpty
      || !placement.reassignments.isEmpty
    {
      out += "\n#### `\(placement.name)`\n\n"
      if !placement.transitions.isEmpty {
        out += "| old decision | new decision | why | rows (old → new) | example profile |\n|---|---|---|---|---|\n"
        for t in placement.transitions {
          let rows = "\(location(t.oldRow)) → \(location(t.newRow))"
          out +=
            "| \(cell(t.old.description)) | \(cell(t.new.description)) | \(cell(t.causes.map(\.description).joined(separator: "; "))) | \(cell(rows)) | `\(cell(DiffText.witness(t)))` |\n"
        }
      }
      if !placement.transitions.isEmpty && !(placement.overrides.isEmpty && placement.reassignments.isEmpty) {
        out += "\n"
      }
      for finding in placement.reassignments { out += "- \(cell(DiffText.reassignment(finding)))\n" }
      for change in placement.overrides {
        out += "- \(change) (\(fileLine(change.span)))\n"
      }
      for reason in placement.undecided { out += "- undecided: \(reason)\n" }
    }
    if !report.tests.isEmpty {
      out += "\n#### A/B tests\n\n"
      for test in report.tests {
        let mark = test.severity == .error ? "❌" : test.severity == .warning ? "⚠️" : "ℹ️"
        out += "- \(mark) **\(test.severity.rawValue)** `\(test.kind.rawValue)`: \(test.message)"
        out += test.witness.map { " (e.g. `\($0)`)" } ?? ""
        out += "\n"
      }
    }
    out += configs()
    out += lists()
    if let sample {
      let impact = sample.impact
      out += "\n#### Sample `\(sample.path)` (\(impact.profiles) profiles)\n\n"
      out += "| placement | changed | top transitions |\n|---|---|---|\n"
      for (index, name) in impact.placements.enumerated() {
        let top = impact.changes(index).prefix(3).map {
          "\($0.count) × \($0.old) → \($0.new) (\($0.examples.joined(separator: ", ")))"
        }
        out += "| `\(name)` | \(impact.changedCount(index)) | \(cell(top.joined(separator: "<br>"))) |\n"
      }
    }
    if !verdicts.isEmpty {
      out += "\n#### Checks\n\n"
      for verdict in verdicts { out += "- \(verdict.failed ? "❌" : "✅") `\(verdict.check)`: \(verdict.reason)\n" }
    }
    return out
  }

  /// `` `adults` paywall.rules:9 `` (the row's name, its file's last path component and the line).
  func location(_ row: RowRef) -> String { "`\(row.name)` \(fileLine(row.span))" }

  /// `paywall.rules:9` (the file's last path component and the line).
  func fileLine(_ span: SourceSpan) -> String {
    let name = span.file.name.split(separator: "/").last.map(String.init) ?? span.file.name
    return "\(name):\(span.location.line)"
  }

  /// Text made safe for a table cell.
  func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
  }
}
