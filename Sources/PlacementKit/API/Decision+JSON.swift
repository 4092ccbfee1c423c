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
  /// "condition", "seen", "reason"}]` (`reason` on a fell-through row, and on a deciding row that drew a
  /// test variation).
  public func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("placement")
    json.value(placement)
    json.key("profile_id")
    if let profileID { json.value(profileID) } else { json.null() }
    json.key("audience")
    json.beginObject()
    json.key("index")
    json.value(audience.index)
    json.key("name")
    json.value(audience.name)
    json.key("segment")
    if let segment = audience.segment { json.value(segment) } else { json.null() }
    json.endObject()
    json.key("content")
    writeContent(to: &json)
    json.key("ab_test")
    if let abTest {
      json.beginObject()
      json.key("name")
      json.value(abTest.name)
      json.key("version_id")
      json.value(abTest.versionID)
      json.key("variation")
      json.value(abTest.variation)
      json.key("bucket")
      if let bucket = abTest.bucket { json.value(bucket) } else { json.null() }
      json.endObject()
    } else {
      json.null()
    }
    json.key("warnings")
    json.beginArray()
    for warning in warnings { json.value(warning) }
    json.endArray()
    if let explanation {
      json.key("explain")
      json.beginArray()
      for row in explanation { row.write(to: &json) }
      json.endArray()
    }
    json.endObject()
  }

  private func writeContent(to json: inout JSONWriter) {
    json.beginObject()
    json.key("type")
    json.value(content.type)
    switch content {
    case .flow(let id, let paywall):
      json.key("id")
      json.value(id)
      json.key("paywall")
      if let paywall { json.value(paywall) } else { json.null() }
    case .paywall(let id):
      json.key("id")
      json.value(id)
    case .holdout:
      break
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
  func write(to json: inout JSONWriter) {
    json.beginObject()
    json.key("index")
    json.value(index)
    json.key("name")
    json.value(name)
    json.key("outcome")
    switch outcome {
    case .notMatched(let condition, let seen):
      json.value("not_matched")
      json.key("condition")
      json.value(condition)
      json.key("seen")
      json.value(seen)
    case .fellThrough(let reason):
      json.value("fell_through")
      json.key("reason")
      json.value(reason)
    case .decided(let reason):
      json.value("decided")
      if let reason {
        json.key("reason")
        json.value(reason)
      }
    }
    json.endObject()
  }
}
