import PlacementKit

/// The output formats of `resolve` and `audiences`.
enum OutputFormat: String, CaseIterable, Sendable {
  case json
  case text
}

/// Writes decisions as JSON Lines or as text for people.
struct DecisionOutput {
  let format: OutputFormat
  let console: Console

  func write(_ decision: Decision) {
    console.out(format == .json ? decision.jsonString + "\n" : text(decision))
  }

  /// The header of one profile's decisions in batch text output, naming the input line and the profile:
  /// `profile b-1 (line 3):`; the id is escaped and cut as in warnings.
  func profileHeader(_ profileID: String?, line: Int) -> String {
    guard let profileID else { return "profile without profile_id (line \(line)):\n" }
    return "profile \(displayEscaped(profileID)) (line \(line)):\n"
  }

  /// A decision for people: one line for the decision, then its A/B test, warnings and explanation, each line
  /// made safe for a terminal (``displayRuleText(_:)``): names and conditions from the rules escaped, profile
  /// values escaped and cut by the explanation itself (`seen:`), so no input can forge a line or drive a terminal.
  func text(_ decision: Decision) -> String {
    var lines: [String] = []
    var first = "\(decision.placement): \(describe(decision.content))"
    first += "  (row \(decision.audience.index) '\(decision.audience.name)'"
    if let segment = decision.audience.segment { first += ": \(AudienceTable.collapsingWhitespace(segment))" }
    lines.append(first + ")")
    if let test = decision.abTest {
      let bucket = test.bucket.map(String.init) ?? "none"
      lines.append(
        "  A/B test '\(test.name)' (version \(test.versionID)): variation '\(test.variation)', bucket \(bucket)")
    }
    for warning in decision.warnings { lines.append("  warning: \(warning)") }
    for row in decision.explanation ?? [] {
      switch row.outcome {
      case .notMatched(let condition, let seen):
        lines.append(
          "  row \(row.index) \(row.name): no match: \(condition)" + (seen.isEmpty ? "" : " (seen: \(seen))"))
      case .fellThrough(let reason):
        lines.append("  row \(row.index) \(row.name): matched, fell through: \(reason)")
      case .decided(let reason):
        lines.append("  row \(row.index) \(row.name): matched, decided" + (reason.map { ": \($0)" } ?? ""))
      }
    }
    return lines.map { displayRuleText($0) + "\n" }.joined()
  }

  func describe(_ content: ShownContent) -> String {
    switch content {
    case .flow(let id, let paywall): "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
    case .paywall(let id): "paywall \(id)"
    case .holdout: "holdout (nothing shown)"
    }
  }
}
