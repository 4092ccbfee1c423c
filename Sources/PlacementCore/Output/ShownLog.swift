/// The write side of frequency caps (`placement resolve --shown FILE`): one `shown` event per decision that shows a
/// flow or paywall, the exact line a caller appends to the profile's `events` once it showed the content:
///
/// ```json
/// {"name":"shown","at":"2026-12-10T00:00:00Z","properties":{"placement":"main_paywall","content":"winback"},
///  "profile_id":"p1"}
/// ```
/// `at` is the resolution's `now`; `content` is the flow's or paywall's id (a flow shown with a paywall names the
/// flow); `profile_id` (null without one) says whose events it joins and is ignored when the event is read back. A
/// holdout shows nothing and writes no line.
package enum ShownLog {
  /// The `shown` event line of `decision` at `now`, or nil when it shows nothing.
  package static func line(of decision: Decision, now: Instant) -> [UInt8]? {
    let content: String
    switch decision.content {
    case .flow(let id, _), .paywall(let id): content = id
    case .holdout: return nil
    }
    var json = JSONWriter(reservingCapacity: 160)
    json.raw(#"{"name":"#)
    json.rawString(ShownEvent.name)
    json.raw(#","at":"#)
    json.rawString(now.iso8601)
    json.raw(#","properties":{"#)
    json.rawString(ShownEvent.placement)
    json.raw(":")
    json.rawString(decision.placement)
    json.raw(",")
    json.rawString(ShownEvent.content)
    json.raw(":")
    json.rawString(content)
    json.raw(#"},"profile_id":"#)
    if let id = decision.profileID { json.rawString(id) } else { json.raw("null") }
    json.raw("}\n")
    return json.bytes
  }
}
