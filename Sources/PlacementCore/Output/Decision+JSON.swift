extension Decision {
  /// Writes the decision as one JSON object with a fixed key order:
  ///
  /// ```json
  /// {"placement": "onboarding_end", "profile_id": "p1",
  ///  "audience": {"index": 0, "name": "pros", "segment": "experience == pro"},
  ///  "content": {"type": "flow", "id": "pro_onboarding", "paywall": null},
  ///  "ab_test": null, "reason": "TARGETING_MATCH", "exposures": [], "warnings": [], "explain": [...]}
  /// ```
  /// `ab_test` is `{"name", "version_id", "variation", "bucket"}` when the row is a test; `reason` is a
  /// ``DecisionReason`` code; `exposures` is `[{"test", "version_id", "variation", "bucket", "outcome"}]` with
  /// `outcome` an ``ExposureOutcome`` (`decided`, `fell_through`, `holdout`, `override`, `sticky`) and `bucket`
  /// 0–99 or null; `explain` is present only when the resolution recorded one: `[{"index", "name", "outcome":
  /// "not_matched"|"scheduled_out"|"outside_layer"|"fell_through"|"decided", "condition", "seen", "reason"}]`
  /// (`reason` on a skipped or fell-through row, and on a deciding row that drew a test variation). The output is
  /// compact (no spaces); batch resolution writes one per line.
  package func write(to json: inout JSONWriter) { write(to: &json, idJSON: nil) }

  /// ``write(to:)`` with `idJSON`, when given, written as it is after `"profile_id":` in place of the id: a batch
  /// writes there the id's JSON and, for a profile without a usable id, its input line (`null,"line":3`).
  package func write(to json: inout JSONWriter, idJSON: UnsafeBufferPointer<UInt8>?) {
    writeHead(to: &json, idJSON: idJSON)
    writeMiddle(to: &json)
    Self.writeExperiment(reason: reason, exposures: exposures, to: &json)
    writeTail(to: &json)
  }

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

  /// `{"placement":…,"profile_id":…`, the id's JSON being `idJSON` when given (see ``write(to:idJSON:)``).
  func writeHead(to json: inout JSONWriter, idJSON: UnsafeBufferPointer<UInt8>? = nil) {
    json.beginObject()
    json.raw(#""placement":"#)
    json.rawString(placement)
    json.raw(#","profile_id":"#)
    if let idJSON {
      json.raw(buffer: idJSON)
    } else if let profileID {
      json.rawString(profileID)
    } else {
      json.raw("null")
    }
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
    json.raw(#"},"ab_test":"#)
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

  /// `,"warnings":[…],"explain":[…]}`
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
    Self.writeHead(test: test, versionID: versionID, variation: variation, to: &json)
    if let bucket { json.rawInteger(bucket) } else { json.raw("null") }
    json.raw(#","outcome":"#)
    json.rawString(outcome.rawValue)
  }
}

extension Exposure {
  /// `"test":…,"version_id":…,"variation":…,"bucket":`: the part the batch encoder writes once per variation.
  static func writeHead(test: String, versionID: String, variation: String, to json: inout JSONWriter) {
    json.raw(#""test":"#)
    json.rawString(test)
    json.raw(#","version_id":"#)
    json.rawString(versionID)
    json.raw(#","variation":"#)
    json.rawString(variation)
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
    case .outsideLayer(let reason):
      json.raw(#""outside_layer","reason":"#)
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

/// Writes many decisions of one rule set, as batch resolution does, reusing the JSON of each deciding row's
/// audience and content (which only the row determines when no A/B test is drawn). The output is byte for byte
/// that of ``Decision/write(to:)`` (DecisionJSONTests); a cached piece is reused only for a decision with the
/// same audience and content.
package struct DecisionJSONCache {
  private final class Entry {
    let audience: Audience
    let content: ShownContent
    let bytes: [UInt8]

    init(audience: Audience, content: ShownContent, bytes: [UInt8]) {
      self.audience = audience
      self.content = content
      self.bytes = bytes
    }
  }

  /// Per placement position (as the caller numbers its placements), per row index.
  private var entries: [[Entry?]] = []
  private var scratch = JSONWriter(reservingCapacity: 256)

  package init() {}

  /// Writes `decision`, the decision for the caller's placement number `position`; `idJSON` as in
  /// ``Decision/write(to:idJSON:)``.
  package mutating func write(
    _ decision: Decision, position: Int, idJSON: UnsafeBufferPointer<UInt8>? = nil, to json: inout JSONWriter
  ) {
    // An override decides before any row (audience index -1): nothing to cache it under.
    guard decision.abTest == nil, decision.audience.index >= 0 else {
      return decision.write(to: &json, idJSON: idJSON)
    }
    let row = decision.audience.index
    while entries.count <= position { entries.append([]) }
    while entries[position].count <= row { entries[position].append(nil) }
    decision.writeHead(to: &json, idJSON: idJSON)
    if let entry = entries[position][row], entry.audience == decision.audience, entry.content == decision.content {
      json.raw(bytes: entry.bytes)
    } else {
      scratch.removeAll(keepingCapacity: true)
      decision.writeMiddle(to: &scratch)
      entries[position][row] = Entry(audience: decision.audience, content: decision.content, bytes: scratch.bytes)
      json.raw(bytes: scratch.bytes)
    }
    Decision.writeExperiment(reason: decision.reason, exposures: decision.exposures, to: &json)
    decision.writeTail(to: &json)
  }
}
