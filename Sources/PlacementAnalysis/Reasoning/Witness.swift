import PlacementCore

/// An example profile found by the reasoner: values for some attributes, every other attribute missing.
package struct Witness: Sendable {
  /// Values by attribute slot; a slot not present here is missing in the profile.
  package let values: [Int: Value]
  /// The instant the witness was checked at, when it depends on relative date tests (nil otherwise).
  package let now: Instant?

  /// The profile JSON, followed by ` (with --now <instant>)` when the witness depends on the time.
  package func describe(_ attributes: [AttributeDefinition]) -> String {
    json(attributes) + (now.map { " (with --now \($0.iso8601))" } ?? "")
  }

  /// The profile as JSON in the shape `placement resolve` reads: built-in attributes as top-level members,
  /// custom ones under `custom_attributes`; keys sorted. `{}` is the profile with no attributes.
  package func json(_ attributes: [AttributeDefinition]) -> String {
    serialized(.object(members(attributes)), sortedKeys: true)
  }

  /// The profile as a ``Profile`` value (for checking the witness with the runtime).
  package func profile(_ attributes: [AttributeDefinition]) -> Profile {
    var profile = Profile()
    for (slot, value) in values where slot < attributes.count {
      let attribute = attributes[slot]
      let json = value.json(attribute.type)
      if attribute.isBuiltin {
        profile.builtins[attribute.name] = json
        if attribute.name == "profile_id", case .string(let id) = json { profile.profileID = id }
      } else {
        profile.customAttributes[attribute.name] = json
      }
    }
    return profile
  }

  private func members(_ attributes: [AttributeDefinition]) -> [String: JSONValue] {
    let profile = profile(attributes)
    var members = profile.builtins
    if !profile.customAttributes.isEmpty { members["custom_attributes"] = .object(profile.customAttributes) }
    return members
  }
}
