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
  /// The placement resolved first for every profile. A decision's warnings are its profile's (a value that could
  /// not be coerced, a malformed event, an ignored `force`), the same in each of the profile's decisions: JSON
  /// keeps them on every line (each line stands alone), text shows them once, above this placement's decision.
  let leadPlacement: String?
  /// A line closing every explained decision in text, saying what the rules' declared dialect means; nil when
  /// they declare none.
  var dialectNote: String? = nil

  func write(_ decision: Decision) {
    console.out(format == .json ? decision.jsonString + "\n" : text(decision))
  }

  /// The header of one profile's decisions in batch text output, naming the input line and the profile:
  /// `profile b-1 (line 3):`; the id is escaped and cut as in warnings.
  func profileHeader(_ profileID: String?, line: Int) -> String {
    guard let profileID else { return "profile without profile_id (line \(line)):\n" }
    return "profile \(displayEscaped(profileID)) (line \(line)):\n"
  }

  /// A decision for people: the profile's warnings (`warning: …`, above the lead placement's decision only), one
  /// line for the decision, its remote config (`  config de: {…}`) when it carries one, then its exposures and explanation, each line made safe for a terminal
  /// (``displayRuleText(_:)``): names and conditions from the rules escaped, profile values escaped and cut by the
  /// explanation itself (`seen:`), so no input can forge a line or drive a terminal.
  func text(_ decision: Decision) -> String {
    var lines: [String] = []
    if decision.placement == leadPlacement {
      for warning in decision.warnings { lines.append("warning: \(warning)") }
    }
    lines.append(decisionLine(decision))
    if let config = decision.config { lines.append("  config \(config.locale): \(config.json)") }
    for exposure in decision.exposures {
      lines.append(Self.exposureHead(exposure) + Self.exposureTail(bucket: exposure.bucket, exposure.outcome))
    }
    for row in decision.explanation ?? [] { lines.append("  " + row.textLine) }
    for dependency in decision.prerequisites ?? [] {
      lines.append(
        "  prerequisite \(dependency.placement): \(describe(dependency.content)) "
          + "(row \(dependency.audience.index) '\(dependency.audience.name)')")
    }
    if decision.explanation != nil, let dialectNote { lines.append("  " + dialectNote) }
    return lines.map { displayRuleText($0) + "\n" }.joined()
  }

  /// `placement: flow x  (row 2 'name': condition)  reason R`, before ``displayRuleText(_:)``: what the decision
  /// shows, the deciding row and the reason; it depends on the placement, the row, the variation and the reason
  /// alone (``DecisionTextWriter`` renders it once for each).
  func decisionLine(_ decision: Decision) -> String {
    var line = "\(decision.placement): \(describe(decision.content))"
    line += "  (row \(decision.audience.index) '\(decision.audience.name)'"
    if let segment = decision.audience.segment { line += ": \(AudienceTable.collapsingWhitespace(segment))" }
    return line + ")  reason \(decision.reason.rawValue)"
  }

  /// An exposure line up to its bucket, `  exposure: test 't' (version v): variation 'b', `, before
  /// ``displayRuleText(_:)``: it depends on the test row and the variation alone (`no variation, ` for a profile
  /// the test kept out).
  static func exposureHead(_ exposure: Exposure) -> String {
    let variation = exposure.outcome.isKeptOut ? "no variation" : "variation '\(exposure.variation)'"
    return "  exposure: test '\(exposure.test)' (version \(exposure.versionID)): \(variation), "
  }

  /// The rest of an exposure line, `bucket 42, decided` or `no bucket, override`: ASCII that
  /// ``displayRuleText(_:)`` leaves as it is.
  static func exposureTail(bucket: Int?, _ outcome: ExposureOutcome) -> String {
    var out = JSONWriter(reservingCapacity: 32)
    writeExposureTail(bucket: bucket, outcome, to: &out)
    return out.string
  }

  /// ``exposureTail(bucket:_:)`` written into `out`.
  static func writeExposureTail(bucket: Int?, _ outcome: ExposureOutcome, to out: inout JSONWriter) {
    if let bucket {
      out.raw("bucket ")
      out.rawInteger(bucket)
    } else {
      out.raw("no bucket")
    }
    out.raw(", ")
    out.raw(utf8: outcome.rawValue)
  }

  func describe(_ content: ShownContent) -> String {
    switch content {
    case .flow(let id, let paywall): "flow \(id)" + (paywall.map { " with paywall \($0)" } ?? "")
    case .paywall(let id): "paywall \(id)"
    case .holdout: "holdout (nothing shown)"
    }
  }
}

extension RowTrace {
  /// `row 2 lapsed: no match: … (seen: …)`, `row 0 x: matched, fell through: …`: one explained row for people.
  var textLine: String {
    switch outcome {
    case .notMatched(let condition, let seen):
      "row \(index) \(name): no match: \(condition)" + (seen.isEmpty ? "" : " (seen: \(seen))")
    case .scheduledOut(let reason), .capped(let reason): "row \(index) \(name): matched, skipped: \(reason)"
    case .outsideLayer(let reason): "row \(index) \(name): matched, skipped: \(reason)"
    case .notNewUser(let reason), .inOtherTest(let reason): "row \(index) \(name): matched, skipped: \(reason)"
    case .fellThrough(let reason): "row \(index) \(name): matched, fell through: \(reason)"
    case .decided(let reason): "row \(index) \(name): matched, decided" + (reason.map { ": \($0)" } ?? "")
    }
  }
}
