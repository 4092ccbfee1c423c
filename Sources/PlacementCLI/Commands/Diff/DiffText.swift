import PlacementKit

/// Chooses the renderer of `placement diff`'s result. Reports for people (text, markdown) show the rules' text
/// and example profiles with control, bidirectional and invisible characters escaped, line by line.
struct DiffRendering {
  let report: DiffReport
  let sample: DiffSample?
  let verdicts: [DiffChecks.Verdict]
  let instant: DiffInstant
  let version: String

  func render(_ format: String, colors: Bool) -> String {
    switch format {
    case "json": DiffJSONReporter(report: report, sample: sample, verdicts: verdicts, instant: instant).render()
    case "markdown":
      displayRuleLines(
        DiffMarkdownReporter(report: report, sample: sample, verdicts: verdicts, instant: instant).render())
    case "github": DiffGitHubReporter().render(report)
    case "sarif": DiffSARIFReporter(version: version).render(report)
    default: displayRuleLines(DiffText(report: report, sample: sample, verdicts: verdicts, instant: instant).render())
    }
  }
}

/// The instant a diff compared at: relative dates, schedules and the example profiles depend on it, so the
/// summary of every report for people (text, markdown) and the JSON state it, and whether `--now` pinned it.
struct DiffInstant: CustomStringConvertible {
  let now: Instant
  /// Whether `--now` gave it (else it is the clock at the start of the run).
  let given: Bool

  /// `compared at 2026-11-30T00:00:00Z (--now)`, or `… (the current time: pass --now to pin it)`.
  var description: String {
    "compared at \(now.iso8601) (\(given ? "--now" : "the current time: pass --now to pin it"))"
  }
}

/// The default text rendering: each placement with its transitions (old → new, rows, causes, a witness), the
/// experiment findings, the sampled impact, the checks, and a summary line.
struct DiffText {
  let report: DiffReport
  let sample: DiffSample?
  let verdicts: [DiffChecks.Verdict]
  let instant: DiffInstant

  func render() -> String {
    var out = ""
    for placement in report.placements {
      out += "placement \(placement.name): \(Self.status(placement))\n"
      for transition in placement.transitions {
        out += "  \(transition.old) → \(transition.new)\n"
        out += "    rows: old \(Self.row(transition.oldRow)) → new \(Self.row(transition.newRow))\n"
        out += "    why: \(transition.causes.map(\.description).joined(separator: "; "))\n"
        out += "    e.g. \(Self.witness(transition))\n"
      }
      for finding in placement.reassignments { out += "  \(Self.reassignment(finding))\n" }
      for change in placement.overrides { out += "  \(Self.override(change))\n" }
      for reason in placement.undecided { out += "  undecided: \(reason)\n" }
    }
    for name in report.addedPlacements { out += "placement \(name): added\n" }
    for name in report.removedPlacements { out += "placement \(name): removed\n" }
    for name in report.conflictingAttributes {
      out += "attribute \(name): its type changed kind; conditions over it are compared by witnesses only\n"
    }
    if !report.tests.isEmpty {
      out += "tests:\n"
      for test in report.tests {
        out += "  \(test.severity.rawValue): \(test.message) [\(test.kind.rawValue)]\n"
        if let span = test.span { out += "    at \(Self.place(span))\n" }
        if let witness = test.witness { out += "    e.g. \(witness)\n" }
      }
    }
    out += Self.configs(report)
    out += Self.lists(report)
    if let sample { out += Self.sample(sample) }
    if !verdicts.isEmpty {
      out += "checks:\n"
      for verdict in verdicts { out += "  \(verdict.failed ? "FAIL" : "ok")  \(verdict.check): \(verdict.reason)\n" }
    }
    out += "\(Self.summary(report)); \(instant)\n"
    return out
  }

  /// `equivalent`, `3 decision changes`, `overrides changed`, …; a placement whose table changed and whose
  /// overrides changed too says both (`3 decision changes; overrides changed`).
  static func status(_ placement: PlacementDiff) -> String {
    let overrides = placement.overrides.isEmpty ? "" : "; overrides changed"
    return switch placement.status {
    case .equivalent: "equivalent"
    case .changed:
      "\(placement.transitions.count) decision change\(placement.transitions.count == 1 ? "" : "s")" + overrides
    case .overridesChanged: "overrides changed"
    case .unknown: "unknown: not proved equivalent (\(placement.undecided.count) undecided)"
    case .skipped: "skipped (time budget)" + overrides
    }
  }

  /// `test 'onboarding_q1' re-assigns 20% of its profiles here to other content (20% change variation id)
  /// [reassigns-running-test]`, or `test 'p/offer' renames the variation of 34% of its profiles here (0% change
  /// content) [variation-renamed]`: a running test's exact shares, by content and by variation id.
  static func reassignment(_ finding: TestFinding) -> String {
    let ids = percent(finding.reassignedFraction ?? 0)
    let content = percent(finding.reassignedContentFraction ?? 0)
    let what =
      finding.kind == .variationRenamed
      ? "renames the variation of \(ids) of its profiles here (\(content) change content)"
      : "re-assigns \(content) of its profiles here to other content (\(ids) change variation id)"
    return "test '\(finding.test)' \(what) [\(finding.kind.rawValue)]"
  }

  /// `20%`, `33.5%`: a fraction as a percentage without trailing zeros.
  static func percent(_ fraction: Double) -> String {
    let hundredths = (fraction * 10_000).rounded()
    let whole = Int(hundredths) / 100
    let rest = Int(hundredths) % 100
    return rest == 0
      ? "\(whole)%" : rest % 10 == 0 ? "\(whole).\(rest / 10)%" : "\(whole).\(rest < 10 ? "0" : "")\(rest)%"
  }

  /// `override added: 'override upgrade_prompt: paywall p for …' (qa.rules:8:10)`.
  static func override(_ change: OverrideChange) -> String { "\(change) (\(place(change.span)))" }

  static func sample(_ sample: DiffSample) -> String {
    let impact = sample.impact
    var out = "sample \(sample.path): \(impact.profiles) profile\(impact.profiles == 1 ? "" : "s")"
    out += sample.failed > 0 ? ", \(sample.failed) line\(sample.failed == 1 ? "" : "s") failed\n" : "\n"
    for (index, name) in impact.placements.enumerated() {
      let changes = impact.changes(index)
      out += "  \(name): \(impact.changedCount(index)) of \(impact.profiles) change\n"
      for cell in changes.prefix(5) {
        out += "    \(cell.count)  \(cell.old) → \(cell.new)  (\(cell.examples.joined(separator: ", ")))\n"
      }
      if changes.count > 5 { out += "    … \(changes.count - 5) more transitions (--format json lists all)\n" }
    }
    return out
  }

  static func summary(_ report: DiffReport) -> String {
    func count(_ status: PlacementDiff.Status) -> Int { report.placements.filter { $0.status == status }.count }
    var parts = [
      "\(count(.changed)) placement\(count(.changed) == 1 ? "" : "s") changed", "\(count(.equivalent)) equivalent",
    ]
    if count(.overridesChanged) > 0 { parts.insert("\(count(.overridesChanged)) with overrides changed", at: 1) }
    if count(.unknown) > 0 { parts.append("\(count(.unknown)) unknown") }
    if count(.skipped) > 0 { parts.append("\(count(.skipped)) skipped") }
    if !report.addedPlacements.isEmpty { parts.append("\(report.addedPlacements.count) added") }
    if !report.removedPlacements.isEmpty { parts.append("\(report.removedPlacements.count) removed") }
    if !report.configChanges.isEmpty {
      parts.append("\(report.configChanges.count) config change\(report.configChanges.count == 1 ? "" : "s")")
    }
    let errors = report.tests.filter { $0.severity == .error }.count
    parts.append(
      "\(report.tests.count) test finding\(report.tests.count == 1 ? "" : "s") (\(errors) error\(errors == 1 ? "" : "s"))"
    )
    return (report.isEquivalent ? "equivalent: " : "") + parts.joined(separator: ", ")
  }

  static func row(_ row: RowRef) -> String { "row \(row.index) '\(row.name)' (\(place(row.span)))" }

  static func place(_ span: SourceSpan) -> String { "\(span.file.name):\(span.location)" }

  /// The witness JSON, with ` (with --now …)` when it depends on relative dates.
  static func witness(_ transition: Transition) -> String {
    transition.witness + (transition.now.map { " (with --now \($0.iso8601))" } ?? "")
  }
}
