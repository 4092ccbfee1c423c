import PlacementKit

/// Lint findings as a JSON array, one object per line, keys sorted:
/// `{"code","column","end_column","end_line","file","fix_its","line","message","notes","severity","suppressed"}`.
/// Positions are 1-based (columns in characters); `file` and positions are null for a finding without a place.
/// Notes are `{"message","file","line","column"}`; fix-its `{"message","replacement","file","line","column",
/// "end_line","end_column"}`. Suppressed findings are included with `"suppressed": true`.
struct JSONLintReporter {
  func render(_ result: LintResult) -> String {
    let items = result.findings.map { serialized(object($0), sortedKeys: true) }
    return items.isEmpty ? "[]\n" : "[\n" + items.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
  }

  func object(_ finding: LintFinding) -> JSONValue {
    let d = finding.diagnostic
    var members: [String: JSONValue] = [
      "code": .string(d.code.id), "severity": .string(d.severity.rawValue), "message": .string(d.message),
      "suppressed": .bool(finding.isSuppressed),
      "notes": .array(
        d.notes.map { note in
          var n = position(note.span, end: false)
          n["message"] = .string(note.message)
          return .object(n)
        }),
      "fix_its": .array(
        d.fixIts.map { fix in
          var f = position(fix.span, end: true)
          f["message"] = .string(fix.message)
          f["replacement"] = .string(fix.replacement)
          return .object(f)
        }),
    ]
    members.merge(position(d.span, end: true)) { _, new in new }
    return .object(members)
  }

  /// `file`, `line`, `column` (and `end_line`, `end_column`) of a span, nulls without one.
  func position(_ span: SourceSpan?, end: Bool) -> [String: JSONValue] {
    guard let span else {
      let keys = end ? ["file", "line", "column", "end_line", "end_column"] : ["file", "line", "column"]
      return Dictionary(uniqueKeysWithValues: keys.map { ($0, JSONValue.null) })
    }
    let start = span.file.location(of: span.range.start)
    var members: [String: JSONValue] = [
      "file": .string(span.file.name), "line": .number(Double(start.line)), "column": .number(Double(start.column)),
    ]
    if end {
      let last = span.file.location(of: span.range.end)
      members["end_line"] = .number(Double(last.line))
      members["end_column"] = .number(Double(last.column))
    }
    return members
  }
}
