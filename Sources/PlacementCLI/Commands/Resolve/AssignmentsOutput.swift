import PlacementKit

/// The lines of `resolve --assignments-out FILE`: the sticky assignments to persist, one JSON line per profile
/// that drew a new one, `{"profile_id":"p1","assignments":{"<version_id>":"<variation id>"}}` (docs/CLI.md),
/// written to an ``OutputFile`` in input order. A cross-placement test's assignment carries its time, which its
/// stickiness window counts from: `"<version_id>":{"variation":"<variation id>","at":"<now>"}`.
enum AssignmentsOutput {
  /// The line for a profile and its new assignments (keys sorted, so the output is reproducible); empty when
  /// there are none or the profile has no usable `profile_id`.
  static func line(profileID: String?, _ assignments: [String: String], ruleSet: RuleSet, now: Instant) -> [UInt8] {
    guard let profileID, !assignments.isEmpty else { return [] }
    var json = JSONWriter(reservingCapacity: 96)
    json.beginObject()
    json.key("profile_id")
    json.value(profileID)
    json.key("assignments")
    json.beginObject()
    for (version, variation) in assignments.sorted(by: { $0.key < $1.key }) {
      json.key(version)
      guard ruleSet.crossPlacementTests[version] != nil else {
        json.value(variation)
        continue
      }
      json.beginObject()
      json.key("variation")
      json.value(variation)
      json.key("at")
      json.value(now.iso8601)
      json.endObject()
    }
    json.endObject()
    json.endObject()
    return json.bytes + [UInt8(ascii: "\n")]
  }
}
