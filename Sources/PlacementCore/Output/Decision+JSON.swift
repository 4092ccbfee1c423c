extension Decision {
  /// Writes the decision as one JSON object with a fixed key order:
  ///
  /// ```json
  /// {"placement": "onboarding_end", "profile_id": "p1",
  ///  "audience": {"index": 0, "name": "pros", "segment": "experience == pro"},
  ///  "content": {"type": "flow", "id": "pro_onboarding", "paywall": null},
  ///  "ab_test": null, "reason": "TARGETING_MATCH", "exposures": [], "warnings": [], "explain": [...]}
  /// ```
  /// `config` (the chosen locale's remote config, a JSON object) and `locale` follow `content` when the content
  /// declares a config, and are left out otherwise.
  /// `ab_test` is `{"name", "version_id", "variation", "bucket"}` when the row is a test; `reason` is a
  /// ``DecisionReason`` code; `exposures` is `[{"test", "version_id", "variation", "bucket", "outcome"}]` with
  /// `outcome` an ``ExposureOutcome`` (`decided`, `fell_through`, `holdout`, `override`, `sticky`,
  /// `not_new_user`, `in_other_test`: the last two with `variation` null) and `bucket` 0–99 or null; `explain`
  /// is present only when the resolution recorded one: `[{"index", "name", "outcome":
  /// "not_matched"|"scheduled_out"|"outside_layer"|"not_new_user"|"in_other_test"|"fell_through"|"decided", "condition", "seen", "reason"}]`
  /// (`reason` on a skipped or fell-through row, and on a deciding row that drew a test variation); with it,
  /// `"prerequisites": [{"placement", "audience", "content", "ab_test", "reason"}]` when the placement's conditions
  /// read prerequisites (each placement they depend on, once), and
  /// `"dialect": "adapty"` (or `"placement"`) when the rules declare a dialect. The output is
  /// compact (no spaces); batch resolution writes one per line.
  package func write(to json: inout JSONWriter) { write(to: &json, idJSON: nil) }

  /// `,"reason":"…","exposures":[…]`
  static func writeExperiment(reason: DecisionReason, exposures: some Collection<Exposure>, to json: inout JSONWriter) {
    json.raw(#","reason":"#)
    json.rawString(reason.rawValue)
    json.raw(#","exposures":["#)
    var first = true
    for exposure in exposures {
      if !first { json.raw(",") }
      first = false
      exposure.write(to: &json)
    }
    json.raw("]")
  }

  /// `,"audience":{…},"content":{…},"ab_test":…`: what only the deciding row (and the draw) determine.
  func writeMiddle(to json: inout JSONWriter) {
    json.raw(#","audience":{"index":"#)
    json.rawInteger(audience.index)
    json.raw(#","name":"#)
    json.rawString(audience.name)
    json.raw(#","segment":"#)
    if let segment = audience.segment { json.rawString(segment) } else { json.raw("null") }
    json.raw(#"},"content":{"type":"#)
    switch content {
    case .flow(let id, let paywall):
      json.raw(#""flow","id":"#)
      json.rawString(id)
      json.raw(#","paywall":"#)
      if let paywall { json.rawString(paywall) } else { json.raw("null") }
    case .paywall(let id):
      json.raw(#""paywall","id":"#)
      json.rawString(id)
    case .holdout:
      json.raw(#""holdout""#)
    }
    json.raw("}")
    if let config { json.raw(bytes: config.fragment) }
    json.raw(#","ab_test":"#)
    if let abTest {
      json.raw(#"{"name":"#)
      json.rawString(abTest.name)
      json.raw(#","version_id":"#)
      json.rawString(abTest.versionID)
      json.raw(#","variation":"#)
      json.rawString(abTest.variation)
      json.raw(#","bucket":"#)
      if let bucket = abTest.bucket { json.rawInteger(bucket) } else { json.raw("null") }
      json.raw("}")
    } else {
      json.raw("null")
    }
  }

  /// `,"warnings":[…],"explain":[…],"dialect":"…"}`
  func writeTail(to json: inout JSONWriter) {
    json.raw(#","warnings":["#)
    for (index, warning) in warnings.enumerated() {
      if index > 0 { json.raw(",") }
      json.rawString(warning)
    }
    json.raw("]")
    if let explanation {
      json.raw(#","explain":["#)
      for (index, row) in explanation.enumerated() {
        if index > 0 { json.raw(",") }
        row.write(to: &json)
      }
      json.raw("]")
    }
    if let prerequisites { Self.write(prerequisites: prerequisites, to: &json) }
    if let dialect {
      json.raw(#","dialect":"#)
      json.rawString(dialect.rawValue)
    }
    json.endObject()
  }

  /// The decision as a one-line JSON object (see `write(to:)`).
  public var jsonString: String {
    var json = JSONWriter(reservingCapacity: 256)
    write(to: &json)
    return json.string
  }
}

extension Exposure {
  /// `{"test", "version_id", "variation", "bucket", "outcome"}`; the exposure log's line adds its context before.
  func write(to json: inout JSONWriter) {
    json.raw(#"{"#)
    writeFields(to: &json)
    json.raw("}")
  }

  /// `"test":…,"version_id":…,"variation":…,"bucket":…,"outcome":…` (no braces).
  package func writeFields(to json: inout JSONWriter) {
    Self.writeHead(test: test, versionID: versionID, variation: outcome.isKeptOut ? nil : variation, to: &json)
    if let bucket { json.rawInteger(bucket) } else { json.raw("null") }
    json.raw(#","outcome":"#)
    json.rawString(outcome.rawValue)
  }
}

extension Exposure {
  /// `"test":…,"version_id":…,"variation":…,"bucket":`: the part the batch encoder writes once per variation.
  /// `variation` is nil (`null`) for a profile the test kept out.
  static func writeHead(test: String, versionID: String, variation: String?, to json: inout JSONWriter) {
    json.raw(#""test":"#)
    json.rawString(test)
    json.raw(#","version_id":"#)
    json.rawString(versionID)
    json.raw(#","variation":"#)
    if let variation { json.rawString(variation) } else { json.raw("null") }
    json.raw(#","bucket":"#)
  }
}

extension RowTrace {
  /// Writes `{"index", "name", "outcome", …}` verbatim (see `Decision.write(to:)`).
  func write(to json: inout JSONWriter) {
    json.raw(#"{"index":"#)
    json.rawInteger(index)
    json.raw(#","name":"#)
    json.rawString(name)
    json.raw(#","outcome":"#)
    switch outcome {
    case .notMatched(let condition, let seen):
      json.raw(#""not_matched","condition":"#)
      json.rawString(condition)
      json.raw(#","seen":"#)
      json.rawString(seen)
    case .fellThrough(let reason):
      json.raw(#""fell_through","reason":"#)
      json.rawString(reason)
    case .scheduledOut(let reason):
      json.raw(#""scheduled_out","reason":"#)
      json.rawString(reason)
    case .capped(let reason):
      json.raw(#""capped","reason":"#)
      json.rawString(reason)
    case .outsideLayer(let reason):
      json.raw(#""outside_layer","reason":"#)
      json.rawString(reason)
    case .notNewUser(let reason):
      json.raw(#""not_new_user","reason":"#)
      json.rawString(reason)
    case .inOtherTest(let reason):
      json.raw(#""in_other_test","reason":"#)
      json.rawString(reason)
    case .decided(let reason):
      json.raw(#""decided""#)
      if let reason {
        json.raw(#","reason":"#)
        json.rawString(reason)
      }
    }
    json.raw("}")
  }
}

extension Decision {
  /// `,"prerequisites":[{"placement":…,"audience":{…},"content":{…},"ab_test":…,"reason":…},…]`: the decisions
  /// of the placements an explained decision's prerequisites read.
  static func write(prerequisites: [Decision], to json: inout JSONWriter) {
    json.raw(#","prerequisites":["#)
    for (index, dependency) in prerequisites.enumerated() {
      json.raw(index > 0 ? #",{"placement":"# : #"{"placement":"#)
      json.rawString(dependency.placement)
      dependency.writeMiddle(to: &json)
      json.raw(#","reason":"#)
      json.rawString(dependency.reason.rawValue)
      json.raw("}")
    }
    json.raw("]")
  }
}
