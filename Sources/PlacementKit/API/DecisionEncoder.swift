/// Writes the decision JSON of index ``Resolution``s straight from fragments encoded once per rule set: the
/// batch hot path, with no ``Decision`` value, no string building and no allocation per decision once the
/// writer's buffer has grown. The bytes are those of ``Decision/write(to:)`` (ProgramDifferentialTests and
/// DecisionJSONTests compare them).
package struct DecisionEncoder: Sendable {
  let ruleSet: RuleSet
  /// Per placement position (as the caller numbers its placements): `"placement":"<name>","profile_id":`.
  private let heads: [[UInt8]]
  /// Per position, per row: the audience, content and `ab_test` JSON; for a test row, one fragment per
  /// variation, ending just before the bucket's value.
  private let rows: [[[[UInt8]]]]
  /// Per position: whether any row is a test (a profile without `profile_id` then gets warnings).
  private let hasTests: [Bool]

  /// Fragments for the placements at `placements` (indices into ``RuleSet/placements``), in the caller's order.
  package init(ruleSet: RuleSet, placements: [Int]) {
    self.ruleSet = ruleSet
    var json = JSONWriter(reservingCapacity: 256)
    heads = placements.map { index in
      json.removeAll()
      json.raw(#""placement":"#)
      json.rawString(ruleSet.placements[index].name)
      json.raw(#","profile_id":"#)
      return json.bytes
    }
    rows = placements.map { index in
      ruleSet.placements[index].rows.indices.map { row in
        let variations = if case .test(let test) = ruleSet.placements[index].rows[row].content {
          test.variations.indices.map(Int32.init)
        } else {
          [Int32(-1)]
        }
        return variations.map { variation in
          let draw = variation >= 0 ? Draw(variation: variation, bucket: -1, source: .drawn) : nil
          let resolution = Resolution(placement: Int32(index), row: Int32(row), draw: draw)
          let decision = ruleSet.decision(resolution, trail: ExposureTrail(), for: .empty, explanation: nil)
          json.removeAll()
          decision.writeMiddle(to: &json)
          // A test's fragment ends before the bucket: drop `null}`.
          return variation >= 0 ? Array(json.bytes.dropLast(5)) : json.bytes
        }
      }
    }
    hasTests = placements.map { index in
      ruleSet.placements[index].rows.contains { if case .test = $0.content { true } else { false } }
    }
  }

  /// Writes the decision `resolution` (of the placement at `position`) stands for, for `profile`, with the
  /// exposures of `trail` (the tests the same run drew in).
  package func write(
    _ resolution: Resolution, trail: ExposureTrail, position: Int, profile: BoundProfile, to json: inout JSONWriter
  ) {
    guard resolution.row >= 0, profile.bucketingID != nil || !hasTests[position] else {
      return ruleSet.decision(resolution, trail: trail, for: profile, explanation: nil).write(to: &json)
    }
    json.beginObject()
    json.raw(bytes: heads[position])
    if let id = profile.profileID { json.rawString(id) } else { json.raw("null") }
    let variation = max(0, Int(resolution.variation))
    json.raw(bytes: rows[position][Int(resolution.row)][variation])
    if resolution.variation >= 0 {
      if resolution.bucket >= 0 { json.rawInteger(Int(resolution.bucket)) } else { json.raw("null") }
      json.raw("}")
    }
    let placement = ruleSet.placements[Int(resolution.placement)]
    let exposures = RuleSet.exposures(trail, placement: placement)
    Decision.writeExperiment(reason: ruleSet.reason(resolution), exposures: exposures, to: &json)
    json.raw(#","warnings":["#)
    for (index, warning) in profile.warnings.enumerated() {
      if index > 0 { json.raw(",") }
      json.rawString(warning)
    }
    json.raw("]")
    json.endObject()
  }
}

extension BoundProfile {
  /// A profile with no values, for encoding fragments that do not depend on the profile. Its id is a non-blank
  /// placeholder (never written: the encoder writes each profile's own id) so that building a fragment never
  /// takes the unbucketed-profile path, which would run the program on this profile's absent values.
  static let empty = BoundProfile(profileID: "-", values: [], warnings: [], program: nil, boundBy: nil)
}
