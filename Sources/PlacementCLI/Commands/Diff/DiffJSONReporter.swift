import PlacementKit

/// `--format json`: the whole diff as one JSON object (keys sorted), the sample's full matrix included:
/// `{"equivalent", "now", "now_from" ("option": --now, or "clock"), "placements": [{"name", "status", "transitions": [{"old", "new", "old_row", "new_row",
/// "causes", "witness", "now"}], "undecided", "reassignments": [{"test", "kind", "reassigned_fraction",
/// "reassigned_content_fraction"}], "overrides": [{"change", "target", "override", "segments", "file",
/// "line"}]}], "added_placements", "removed_placements", "tests", "conflicting_attributes", "sample": {"path",
/// "profiles", "failed_lines", "placements": [{"name", "changed", "matrix": [{"old", "new", "count",
/// "examples"}]}]}, "checks": [{"check", "failed", "reason"}]}`, and `"config_changes"` when a remote config
/// changed (``configChanges(_:)``).
struct DiffJSONReporter {
  let report: DiffReport
  let sample: DiffSample?
  let verdicts: [DiffChecks.Verdict]
  let instant: DiffInstant

  func render() -> String {
    var members: [String: JSONValue] = [
      "equivalent": .bool(report.isEquivalent),
      "now": .string(instant.now.iso8601), "now_from": .string(instant.given ? "option" : "clock"),
      "placements": .array(report.placements.map(placement)),
      "added_placements": .array(report.addedPlacements.map(JSONValue.string)),
      "removed_placements": .array(report.removedPlacements.map(JSONValue.string)),
      "tests": .array(report.tests.map(test)),
      "conflicting_attributes": .array(report.conflictingAttributes.map(JSONValue.string)),
      "checks": .array(
        verdicts.map {
          .object(["check": .string($0.check), "failed": .bool($0.failed), "reason": .string($0.reason)])
        }),
    ]
    if let sample { members["sample"] = self.sample(sample) }
    if let configs = Self.configChanges(report) { members["config_changes"] = configs }
    if let lists = Self.listChanges(report) { members["list_changes"] = lists }
    return serialized(.object(members), sortedKeys: true) + "\n"
  }

  func placement(_ placement: PlacementDiff) -> JSONValue {
    .object([
      "name": .string(placement.name), "status": .string(placement.status.rawValue),
      "transitions": .array(placement.transitions.map(transition)),
      "undecided": .array(placement.undecided.map(JSONValue.string)),
      "reassignments": .array(
        placement.reassignments.map { finding in
          .object([
            "test": .string(finding.test), "kind": .string(finding.kind.rawValue),
            "reassigned_fraction": finding.reassignedFraction.map(JSONValue.number) ?? .null,
            "reassigned_content_fraction": finding.reassignedContentFraction.map(JSONValue.number) ?? .null,
          ])
        }),
      "overrides": .array(
        placement.overrides.map { change in
          .object([
            "change": .string(change.kind.rawValue), "target": .string(change.target),
            "override": .string(change.override), "segments": .array(change.segments.map(JSONValue.string)),
            "file": .string(change.span.file.name),
            "line": .number(Double(change.span.location.line)),
          ])
        }),
    ])
  }

  func transition(_ transition: Transition) -> JSONValue {
    .object([
      "old": outcome(transition.old), "new": outcome(transition.new),
      "old_row": row(transition.oldRow), "new_row": row(transition.newRow),
      "causes": .array(
        transition.causes.map { .object(["kind": .string($0.kind.rawValue), "row": .string($0.row.name)]) }),
      "witness": (try? JSONReader.parse(transition.witness)) ?? .string(transition.witness),
      "now": transition.now.map { .string($0.iso8601) } ?? .null,
    ])
  }

  func outcome(_ outcome: Outcome) -> JSONValue {
    .object(["content": .string(outcome.content), "test": outcome.test.map(JSONValue.string) ?? .null])
  }

  func row(_ row: RowRef) -> JSONValue {
    let at = row.span.location
    return .object([
      "index": .number(Double(row.index)), "name": .string(row.name), "file": .string(row.span.file.name),
      "line": .number(Double(at.line)), "column": .number(Double(at.column)),
    ])
  }

  func test(_ finding: TestFinding) -> JSONValue {
    var members: [String: JSONValue] = [
      "kind": .string(finding.kind.rawValue), "severity": .string(finding.severity.rawValue),
      "test": .string(finding.test), "message": .string(finding.message),
      "reassigned_fraction": finding.reassignedFraction.map(JSONValue.number) ?? .null,
      "reassigned_content_fraction": finding.reassignedContentFraction.map(JSONValue.number) ?? .null,
      "witness": finding.witness.flatMap { try? JSONReader.parse($0) } ?? .null,
    ]
    if let span = finding.span {
      members["file"] = .string(span.file.name)
      members["line"] = .number(Double(span.location.line))
    }
    return .object(members)
  }

  func sample(_ sample: DiffSample) -> JSONValue {
    let impact = sample.impact
    return .object([
      "path": .string(sample.path), "profiles": .number(Double(impact.profiles)),
      "failed_lines": .number(Double(sample.failed)),
      "placements": .array(
        impact.placements.enumerated().map { index, name in
          .object([
            "name": .string(name), "changed": .number(Double(impact.changedCount(index))),
            "matrix": .array(
              impact.matrix(index).map { cell in
                .object([
                  "old": outcome(cell.old), "new": outcome(cell.new), "count": .number(Double(cell.count)),
                  "examples": .array(cell.examples.map(JSONValue.string)),
                ])
              }),
          ])
        }),
    ])
  }
}
