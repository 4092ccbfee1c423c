import PlacementKit

extension DiffText {
  /// The `configs:` section, one line per change with the placements that show the content:
  /// `  paywall pro: locale de changed (key title) [changed] at home, settings`. Empty without changes.
  static func configs(_ report: DiffReport) -> String {
    guard !report.configChanges.isEmpty else { return "" }
    var out = "configs (decisions unchanged, their config differs):\n"
    for change in report.configChanges {
      let places = change.placements.isEmpty ? "" : " at \(change.placements.joined(separator: ", "))"
      out += "  \(change) [\(change.kind.rawValue)]\(places)\n"
    }
    return out
  }
}

extension DiffJSONReporter {
  /// `"config_changes": [{"kind", "content_type", "content", "locale", "keys", "old_default", "new_default",
  /// "placements"}]`, absent when no config changed.
  static func configChanges(_ report: DiffReport) -> JSONValue? {
    guard !report.configChanges.isEmpty else { return nil }
    return .array(
      report.configChanges.map { change in
        .object([
          "kind": .string(change.kind.rawValue), "content_type": .string(change.contentType.rawValue),
          "content": .string(change.content), "locale": change.locale.map(JSONValue.string) ?? .null,
          "keys": .array(change.keys.map(JSONValue.string)),
          "old_default": change.oldDefault.map(JSONValue.string) ?? .null,
          "new_default": change.newDefault.map(JSONValue.string) ?? .null,
          "placements": .array(change.placements.map(JSONValue.string)),
        ])
      })
  }
}

extension DiffChecks {
  /// `--fail-on config`: some content's remote config changed (decisions may all stay). The reason names the
  /// changed contents, the first five and how many more.
  static func config(_ report: DiffReport) -> Verdict {
    let changes = report.configChanges
    guard !changes.isEmpty else { return Verdict(check: "config", failed: false, reason: "no config changed") }
    let contents = changes.map { "\($0.contentType.rawValue) \($0.content)" }
      .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    // The first five contents by name, so that a large change keeps the reason to one line.
    let named =
      contents.prefix(5).joined(separator: ", ") + (contents.count > 5 ? ", and \(contents.count - 5) more" : "")
    return Verdict(
      check: "config", failed: true, reason: "\(changes.count) config change\(changes.count == 1 ? "" : "s"): \(named)")
  }
}

extension DiffMarkdownReporter {
  /// The `#### Remote configs` section: one item per change with the placements that show the content; empty
  /// without changes.
  func configs() -> String {
    guard !report.configChanges.isEmpty else { return "" }
    var out = "\n#### Remote configs\n\nDecisions are unchanged; the config they carry differs.\n\n"
    for change in report.configChanges {
      let places = change.placements.map { "`\($0)`" }.joined(separator: ", ")
      out += "- \(cell(change.description)) `\(change.kind.rawValue)`\(places.isEmpty ? "" : " at \(places)")\n"
    }
    return out
  }
}
