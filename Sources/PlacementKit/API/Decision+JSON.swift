extension Decision {
  /// Writes the decision as one JSON object with a fixed key order:
  ///
  /// ```json
  /// {"placement": "onboarding_end", "profile_id": "p1",
  ///  "audience": {"index": 0, "name": "pros", "segment": "experience == pro"},
  ///  "content": {"type": "flow", "id": "pro_onboarding", "paywall": null},
  ///  "ab_test": null, "warnings": [], "explain": [...]}
  /// ```
  /// `ab_test` is `{"name", "version_id", "variation", "bucket"}` when the row is a test; `explain` is present
  /// only when the resolution recorded one: `[{"index", "name", "outcome": "not_matched"|"fell_through"|"decided",
  /// "condition", "seen", "reason"}]` (`reason` on a fell-through row, and on a deciding row that drew a test
  /// variation). The output is compact (no spaces); batch resolution writes one per line.
  public func write(to json: inout JSONWriter) {
    writeHead(to: &json)
    writeMiddle(to: &json)
    writeTail(to: &json)
  }

  /// `{"placement":…,"profile_id":…`
  func writeHead(to json: inout JSONWriter) {
    json.beginObject()
    json.raw(#""placement":"#)
    json.rawString(placement)
    json.raw(#","profile_id":"#)
    if let profileID { json.rawString(profileID) } else { json.raw("null") }
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

  /// The decision as a one-line JSON object (see ``write(to:)``).
  public var jsonString: String {
    var json = JSONWriter(reservingCapacity: 256)
    write(to: &json)
    return json.string
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

  /// Writes `decision`, the decision for the caller's placement number `position`.
  package mutating func write(_ decision: Decision, position: Int, to json: inout JSONWriter) {
    guard decision.abTest == nil else { return decision.write(to: &json) }
    let row = decision.audience.index
    while entries.count <= position { entries.append([]) }
    while entries[position].count <= row { entries[position].append(nil) }
    decision.writeHead(to: &json)
    if let entry = entries[position][row], entry.audience == decision.audience, entry.content == decision.content {
      json.raw(bytes: entry.bytes)
    } else {
      scratch.removeAll(keepingCapacity: true)
      decision.writeMiddle(to: &scratch)
      entries[position][row] = Entry(audience: decision.audience, content: decision.content, bytes: scratch.bytes)
      json.raw(bytes: scratch.bytes)
    }
    decision.writeTail(to: &json)
  }
}
