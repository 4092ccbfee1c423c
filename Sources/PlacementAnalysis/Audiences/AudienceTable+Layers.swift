import PlacementCore

extension AudienceTable {
  /// Rows whose test is in a layer: profiles outside the test's share skip them (the rows below decide).
  package var layeredRows: [Row] { rows.filter { $0.layer != nil } }

  /// Writes the layers of a rule set as the summary's `"layers"` member:
  ///
  /// ```json
  /// "layers": [{"name": "paywall_experiments", "version_id": "paywall-layer-2026-12", "version_derived": false,
  ///             "allocations": [{"test": "music_paywalls", "from": 0, "to": 30}, …],
  ///             "allocated": 50, "unallocated": 50, "unallocated_ranges": [{"from": 50, "to": 100}]}]
  /// ```
  /// Shares are percentages of the layer's 10,000 buckets, lower bound included, upper excluded, in bucket order.
  package static func writeLayers(_ layers: [LayerDefinition], to json: inout JSONWriter) {
    json.key("layers")
    json.beginArray()
    for layer in layers {
      json.beginObject()
      json.key("name")
      json.value(layer.name)
      json.key("version_id")
      json.value(layer.salt)
      json.key("version_derived")
      json.value(!layer.hasExplicitVersion)
      json.key("allocations")
      json.beginArray()
      for allocation in layer.allocations { writeShare(allocation.buckets, test: allocation.test, to: &json) }
      json.endArray()
      json.key("allocated")
      json.value(percent(layer.allocatedBuckets))
      json.key("unallocated")
      json.value(percent(LayerShare.bucketCount - layer.allocatedBuckets))
      json.key("unallocated_ranges")
      json.beginArray()
      for gap in layer.unallocated { writeShare(gap, test: nil, to: &json) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
  }

  /// `{"test": …, "from": 0, "to": 30}` (no `test` when nil).
  static func writeShare(_ buckets: Range<Int>, test: String?, to json: inout JSONWriter) {
    json.beginObject()
    if let test {
      json.key("test")
      json.value(test)
    }
    json.key("from")
    json.value(percent(buckets.lowerBound))
    json.key("to")
    json.value(percent(buckets.upperBound))
    json.endObject()
  }

  /// A test's `"layer"` member: `{"name", "version_id", "from", "to"}` (percent), or null.
  static func writeLayer(_ share: LayerShare?, to json: inout JSONWriter) {
    json.key("layer")
    guard let share else { return json.null() }
    json.beginObject()
    json.key("name")
    json.value(share.layer)
    json.key("version_id")
    json.value(share.salt)
    json.key("from")
    json.value(percent(share.buckets.lowerBound))
    json.key("to")
    json.value(percent(share.buckets.upperBound))
    json.endObject()
  }

  /// Buckets as a JSON percentage: 250 → 2.5.
  static func percent(_ buckets: Int) -> Double { Double(buckets) / 100 }
}

extension AudienceTable.Row {
  /// The layer share of the row's test, when it is in a layer.
  package var layer: LayerShare? {
    if case .test(let test) = content { test.layer } else { nil }
  }
}
