import PlacementCore

/// An example profile found by the reasoner: values for some attributes, every other attribute missing.
package struct Witness: Sendable {
  /// Values by attribute slot; a slot not present here is missing in the profile.
  package let values: [Int: Value]
  /// The instant the witness was checked at, when it depends on relative date tests (nil otherwise).
  package let now: Instant?

  /// The profile JSON, followed by ` (with --now <instant>)` when the witness depends on the time, and by what
  /// the prerequisites it reads must decide (a profile cannot carry those).
  package func describe(_ attributes: [AttributeDefinition]) -> String {
    var text = json(attributes) + (now.map { " (with --now \($0.iso8601))" } ?? "")
    let decided = sortedValues(attributes).filter { $0.attribute.isPrerequisite }.map { attribute, value in
      "\(attribute.name) = \(serialized(value.json(attribute.type), sortedKeys: true))"
    }
    if !decided.isEmpty { text += ", for which the resolver decides \(decided.joined(separator: ", "))" }
    return text
  }

  /// The profile as JSON in the shape `placement resolve` reads: built-in attributes as top-level members,
  /// custom ones under `custom_attributes`, the events an event query reads under `events` (or `counters`, for
  /// a count over the whole history without `where`); keys sorted. A prerequisite's slot is left out: the
  /// resolver decides it. `{}` is the profile with no attributes.
  package func json(_ attributes: [AttributeDefinition]) -> String {
    serialized(.object(members(attributes)), sortedKeys: true)
  }

  /// Whether the events that give `attribute` a value are placed in time relative to `now` (so a witness with
  /// a value for it is shown with its `--now`): every event query but a count over the whole history without
  /// `where`, which `counters` gives.
  package static func needsNow(_ attribute: AttributeDefinition) -> Bool {
    guard let query = attribute.event else { return false }
    return !Self.isCounter(query)
  }

  private static func isCounter(_ query: EventQuery) -> Bool {
    query.function == .count && query.window == nil && query.filters.isEmpty
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
    var members: [String: JSONValue] = [:]
    var custom: [String: JSONValue] = [:]
    var events: [JSONValue] = []
    var counters: [String: JSONValue] = [:]
    for (attribute, value) in sortedValues(attributes) where !attribute.isPrerequisite {
      let json = value.json(attribute.type)
      if let query = attribute.event {
        if Self.isCounter(query) {
          counters[query.name] = json
        } else {
          events += Self.events(query, value, now: now)
        }
      } else if attribute.isBuiltin {
        members[attribute.name] = json
      } else {
        custom[attribute.name] = json
      }
    }
    if !custom.isEmpty { members["custom_attributes"] = .object(custom) }
    if !events.isEmpty { members["events"] = .array(events) }
    if !counters.isEmpty { members["counters"] = .object(counters) }
    return members
  }

  /// The witness's values with their attributes, by slot.
  private func sortedValues(_ attributes: [AttributeDefinition]) -> [(attribute: AttributeDefinition, value: Value)] {
    values.filter { $0.key < attributes.count }.sorted { $0.key < $1.key }.map { (attributes[$0.key], $0.value) }
  }

  /// The events that give `query` the value `value` at `now`: a count's number of events at `now`, or one event
  /// at a `first_at`'s or `last_at`'s date; each carries the query's `where` properties.
  private static func events(_ query: EventQuery, _ value: Value, now: Instant?) -> [JSONValue] {
    var event: [String: JSONValue] = ["name": .string(query.name)]
    if !query.filters.isEmpty {
      event["properties"] = .object(
        Dictionary(query.filters.map { ($0.property, .string($0.value)) }, uniquingKeysWith: { first, _ in first }))
    }
    switch value {
    case .number(let count):
      guard let now, count >= 1 else { return [] }
      event["at"] = .string(now.iso8601)
      return Array(repeating: .object(event), count: Int(min(count, Double(EventLog.maxEvents))))
    case .date(let at):
      event["at"] = .string(at.iso8601)
      return [.object(event)]
    default:
      return []
    }
  }
}
