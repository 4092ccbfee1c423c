/// One behavioural event of a profile (`{"name": …, "at": …, "properties": {…}}`): its name, time in
/// milliseconds since the epoch, and properties as the text they are compared by (``Value/text(of:)``).
package struct ProfileEvent: Sendable, Equatable {
  package let name: String
  package let at: Int64
  package let properties: [EventFilter]
}

/// A profile's behavioural events and pre-counted counters, as the caller sent them (the caller owns this state;
/// the engine never stores it). Events are kept in time order, at most ``EventLog/maxEvents`` of them (the most
/// recent).
package struct ProfileActivity: Sendable, Equatable {
  package var events: [ProfileEvent] = []
  /// `counters`: whole-history counts by event name.
  package var counters: [String: Double] = [:]
  package init() {}
  package var isEmpty: Bool { events.isEmpty && counters.isEmpty }
}

/// The events and counters of a bound profile, from which a resolution derives its event slots at its `now`
/// (``derive(_:now:)``). A class so that copying a bound profile copies one reference.
package final class EventLog: Sendable {
  /// Events kept per profile: the most recent ones; the rest are dropped with one warning.
  package static let maxEvents = 1_000
  /// Properties kept per event; the rest are dropped with a warning.
  package static let maxProperties = 32
  /// Bytes of a property's text; a longer property is dropped with a warning.
  package static let maxPropertyBytes = 256

  let events: [ProfileEvent]
  let counters: [String: Double]

  package init(_ activity: ProfileActivity) {
    events = activity.events
    counters = activity.counters
  }

  /// The value `query` derives at `now`: the count of matching events in `[now − window, now]`, both ends
  /// included as for `within last` (a windowless, unfiltered count is the `counters` entry when there is one),
  /// or the time of the first or last matching event at or before `now` (missing when there is none). Events
  /// after `now` never count.
  package func derive(_ query: EventQuery, now: Instant) -> Scalar {
    switch value(query, now: now) {
    case .number(let number): .number(number)
    case .date(let instant): .date(instant)
    default: .missing
    }
  }

  /// The value ``derive(_:now:)`` stores, as the profile's ``Value`` (what explanations show).
  package func value(_ query: EventQuery, now: Instant) -> Value {
    let end = now.millisecondsSince1970
    let start = query.window.map { end &- $0 } ?? .min
    if query.function == .count, query.window == nil, query.filters.isEmpty, let counted = counters[query.name] {
      return .number(counted)
    }
    var count = 0
    var first: Int64? = nil
    var last: Int64? = nil
    // Events are in time order: the window is a contiguous run.
    for event in events {
      if event.at > end { break }
      guard event.at >= start, event.name == query.name, Self.matches(event, query.filters)
      else { continue }
      count += 1
      if first == nil { first = event.at }
      last = event.at
    }
    switch query.function {
    case .count: return .number(Double(count))
    case .firstAt: return first.map { .date(Instant(millisecondsSince1970: $0)) } ?? .missing
    case .lastAt: return last.map { .date(Instant(millisecondsSince1970: $0)) } ?? .missing
    }
  }

  static func matches(_ event: ProfileEvent, _ filters: [EventFilter]) -> Bool {
    filters.allSatisfy { filter in event.properties.contains(filter) }
  }
}

extension ProfileActivity {
  /// Records the event at `events[index]` when it is a behavioural event (an object with a string `name` and an
  /// `at`); an element without `at` (a flow event) is not one. A bad `at` or property costs that event or
  /// property, with a warning naming it.
  mutating func record(_ json: JSONValue, index: Int, _ warnings: inout [String]) {
    guard case .object(let members) = json, case .string(let name)? = members["name"], let at = members["at"],
      at != .null
    else { return }
    let place = "events[\(index)]"
    let instant: Instant?
    switch at {
    // A bare date has no offset: its moment would depend on a time zone, as a schedule's would.
    case .string(let text): instant = Instant.reading(iso8601: text)?.dateTime
    case .number(let number): instant = Instant.fromUnix(number, unit: .milliseconds)
    default: instant = nil
    }
    guard let instant else {
      warnings.append("\(place): 'at' must be an ISO 8601 instant with an offset or Unix milliseconds; event skipped")
      return
    }
    var properties: [EventFilter] = []
    switch members["properties"] {
    case nil, .null?: break
    case .object(let map)?:
      for (key, value) in map.sorted(by: { $0.key < $1.key }) {
        let text: String?
        switch value {
        case .string(let s): text = s
        case .number(let n): text = Value.text(of: n)
        case .bool(let b): text = b ? "true" : "false"
        default: text = nil
        }
        guard let text, text.utf8.count <= EventLog.maxPropertyBytes, key.utf8.count <= EventLog.maxPropertyBytes,
          properties.count < EventLog.maxProperties
        else {
          warnings.append(
            "\(place).properties.\(UntrustedText.escaped(key)): a property must be a string, number or bool of at "
              + "most \(EventLog.maxPropertyBytes) bytes, at most \(EventLog.maxProperties) per event; ignored")
          continue
        }
        properties.append(EventFilter(property: key, value: text))
      }
    case let other?:
      warnings.append("\(place): 'properties' must be an object, found \(other.typeName); event skipped")
      return
    }
    events.append(ProfileEvent(name: name, at: instant.millisecondsSince1970, properties: properties))
  }

  /// Puts the events in time order (stable: equal times keep their order) and keeps the most recent
  /// ``EventLog/maxEvents``, with a warning when some were dropped.
  mutating func finish(_ warnings: inout [String]) {
    if zip(events, events.dropFirst()).contains(where: { $0.at > $1.at }) {
      events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }
    guard events.count > EventLog.maxEvents else { return }
    warnings.append(
      "events: \(events.count) events, more than \(EventLog.maxEvents); the \(EventLog.maxEvents) most recent are kept")
    events.removeFirst(events.count - EventLog.maxEvents)
  }

  /// Reads the `counters` member: event name → a whole, non-negative count; any other value costs its entry.
  mutating func readCounters(_ map: [String: JSONValue], _ warnings: inout [String]) {
    for (name, value) in map.sorted(by: { $0.key < $1.key }) {
      guard case .number(let n) = value, n >= 0, n == n.rounded(), n < 1e15 else {
        warnings.append(
          "'counters.\(UntrustedText.escaped(name))' must be a whole number of events, found \(value.typeName); ignored"
        )
        continue
      }
      counters[name] = n
    }
  }
}
