// The profile `placement ingest` prints: flow events folded into the custom attributes a rule set declares.

/// A flow event of an events file, decoded, with the JSON it was read from (printed back when it is kept).
package struct IngestedEvent: Sendable {
  /// The event object as read.
  package var json: JSONValue
  /// The decoded event.
  package var event: FlowEvent

  package init(json: JSONValue, event: FlowEvent) {
    self.json = json
    self.event = event
  }
}

/// What ingesting events into a profile gives: the profile to print, its custom attributes and the warnings of
/// binding it.
package struct IngestedProfile: Sendable {
  /// The printed profile's members.
  package var members: [String: JSONValue]
  /// Its `custom_attributes`.
  package var customAttributes: [String: JSONValue]
  /// The warnings of binding the profile with every event (answers that do not fit their attribute, …).
  package var warnings: [String]
}

extension RuleSet {
  /// The profile `document` after `events`, for printing.
  ///
  /// The profile's own `events` are applied first, then `events` in order (last value wins), as `resolve` and
  /// `placement test` (a `profile_file` with an `events_file`) apply them. Every custom attribute with a flow
  /// source gets its bound value in `custom_attributes` (removed when missing); the events folded into those
  /// values are dropped (``AnswerFolding``) and the others are printed in `events`, the profile's before the
  /// new ones, so binding the printed profile gives each attribute the value binding `profile` with `events`
  /// gives. Every other member of `document` is printed as given.
  /// - Parameters:
  ///   - events: the decoded `flow_user_input` events of the input, in order.
  ///   - document: the members of the profile document (empty for no profile).
  ///   - profile: `document` read as a profile (``Profile/init(json:)``).
  package func ingest(
    _ events: [IngestedEvent], into document: [String: JSONValue], profile: Profile
  ) -> IngestedProfile {
    var profile = profile
    for ingested in events { profile.answers.apply(ingested.event) }
    let bound = bind(profile)
    var custom = profile.customAttributes
    for attribute in attributes where !attribute.isBuiltin && attribute.source != nil {
      let value = bound.values[attribute.slot]
      custom[attribute.name] = value.isMissing ? nil : value.json(attribute.type)
    }
    let folding = AnswerFolding(attributes: attributes, answers: profile.answers)
    var kept: [JSONValue] = []
    if case .array(let stored)? = document["events"] { kept = stored.filter { !folding.folds($0) } }
    kept += events.filter { !folding.folds($0.event) }.map(\.json)
    var members = document
    members["custom_attributes"] = .object(custom)
    members["events"] = kept.isEmpty ? nil : .array(kept)
    return IngestedProfile(members: members, customAttributes: custom, warnings: bound.warnings)
  }
}
