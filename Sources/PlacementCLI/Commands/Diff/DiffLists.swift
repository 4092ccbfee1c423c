import PlacementKit

extension DiffCommand {
  /// The bytes of the config and list files among `sources`, by their paths in the rules folder.
  static func dataFiles(_ sources: [RuleSource]) -> [String: [UInt8]] {
    Dictionary(
      sources.filter { $0.kind == .config }.map { ($0.path, $0.bytes) }, uniquingKeysWith: { first, _ in first })
  }
}

extension IdListChurn {
  /// `qa_device_ids (lists/qa_device_ids.txt): 3 → 4 ids, 1 added (qa-pixel-8), 0 removed`.
  var summary: String {
    var out = "\(name) (\(path)): \(oldCount) → \(newCount) ids, \(added) added"
    if !addedExamples.isEmpty { out += " (\(Self.examples(addedExamples, of: added)))" }
    out += ", \(removed) removed"
    if !removedExamples.isEmpty { out += " (\(Self.examples(removedExamples, of: removed)))" }
    return out
  }

  static func examples(_ ids: [String], of count: Int) -> String {
    ids.map { UntrustedText.escaped($0, limit: 80) }.joined(separator: ", ") + (count > ids.count ? ", …" : "")
  }
}

extension DiffText {
  /// The `lists:` section, one line per id list whose ids changed; empty without changes.
  static func lists(_ report: DiffReport) -> String {
    guard !report.listChanges.isEmpty else { return "" }
    return "lists (ids added and removed):\n" + report.listChanges.map { "  \($0.summary)\n" }.joined()
  }
}

extension DiffJSONReporter {
  /// `"list_changes": [{"list", "path", "old_count", "new_count", "added", "removed", "added_examples",
  /// "removed_examples"}]`, absent when no list changed.
  static func listChanges(_ report: DiffReport) -> JSONValue? {
    guard !report.listChanges.isEmpty else { return nil }
    return .array(
      report.listChanges.map { change in
        .object([
          "list": .string(change.name), "path": .string(change.path),
          "old_count": .number(Double(change.oldCount)), "new_count": .number(Double(change.newCount)),
          "added": .number(Double(change.added)), "removed": .number(Double(change.removed)),
          "added_examples": .array(change.addedExamples.map(JSONValue.string)),
          "removed_examples": .array(change.removedExamples.map(JSONValue.string)),
        ])
      })
  }
}

extension DiffMarkdownReporter {
  /// The `#### Id lists` section: one item per list whose ids changed; empty without changes.
  func lists() -> String {
    guard !report.listChanges.isEmpty else { return "" }
    var out = "\n#### Id lists\n\n"
    for change in report.listChanges { out += "- \(cell(change.summary))\n" }
    return out
  }
}
