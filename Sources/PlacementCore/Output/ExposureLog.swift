/// The exposure log of batch jobs (`placement resolve --exposures FILE`): one JSON object per line per exposure,
/// so experiment results can be joined with purchases:
///
/// ```json
/// {"profile_id":"x","placement":"main_paywall","rules_version":"3b1f…","resolved_at":"2026-12-01T00:00:00Z",
///  "test":"yoga_offer","version_id":"yoga-offer-2026-11","variation":"control","bucket":28,"outcome":"fell_through"}
/// ```
/// `profile_id` is null for a profile without one; `rules_version` is ``RuleSet/version``; `resolved_at` is the
/// resolution's `now` (ISO 8601, UTC, milliseconds when not whole seconds); the rest are the ``Exposure``'s fields
/// as in the decision JSON.
package struct ExposureLog: Sendable {
  /// `,"rules_version":"…","resolved_at":"…",`: the same on every line of one run.
  private let context: [UInt8]

  package init(ruleSet: RuleSet, now: Instant) {
    var json = JSONWriter(reservingCapacity: 128)
    json.raw(#","rules_version":"#)
    json.rawString(ruleSet.version)
    json.raw(#","resolved_at":"#)
    json.rawString(now.iso8601)
    json.raw(",")
    context = json.bytes
  }

  /// Appends one line per exposure of `profile` at `placement` to `json`.
  package func write(
    _ exposures: some Sequence<Exposure>, profileID: String?, placement: String, to json: inout JSONWriter
  ) {
    for exposure in exposures {
      json.raw(#"{"profile_id":"#)
      if let profileID { json.rawString(profileID) } else { json.raw("null") }
      json.raw(#","placement":"#)
      json.rawString(placement)
      json.raw(bytes: context)
      exposure.writeFields(to: &json)
      json.raw("}\n")
    }
  }

  /// The lines for the exposures of one decision.
  package func lines(of decision: Decision) -> [UInt8] {
    var json = JSONWriter(reservingCapacity: 256)
    write(decision.exposures, profileID: decision.profileID, placement: decision.placement, to: &json)
    return json.bytes
  }
}
