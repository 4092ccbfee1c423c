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

  func text(_ decision: Decision) -> String {
    var out = "\(decision.placement): \(describe(decision.content))"
    out += "  (row \(decision.audience.index) '\(decision.audience.name)'"
    if let segment = decision.audience.segment { out += ": \(segment)" }
    out += ")\n"
    if let test = decision.abTest {
      let bucket = test.bucket.map(String.init) ?? "none"
      out += "  A/B test '\(test.name)' (version \(test.versionID)): variation '\(test.variation)', bucket \(bucket)\n"
    }
    for warning in decision.warnings { out += "  warning: \(warning)\n" }
    for row in decision.explanation ?? [] {
      switch row.outcome {
      case .notMatched(let condition, let seen):
        out +=
          "  row \(row.index) \(row.name): no match: \(condition)" + (seen.isEmpty ? "" : " (seen: \(seen))") + "\n"
      case .fellThrough(let reason):
        out += "  row \(row.index) \(row.name): matched, fell through: \(reason)\n"
      case .decided(let reason):
        out += "  row \(row.index) \(row.name): matched, decided" + (reason.map { ": \($0)" } ?? "") + "\n"
      }
    }
    return out
  }

  func describe(_ content: ShownContent) -> String {
    switch content {
    case .flow(let id, let paywall): "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
    case .paywall(let id): "paywall \(id)"
    case .holdout: "holdout (nothing shown)"
    }
  }
}
