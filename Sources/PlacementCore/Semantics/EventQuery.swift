/// What an event subject reads from a profile's events at the resolution's `now`: a count, or the first or last
/// time, of the events called ``name`` whose properties match ``filters``, within ``window`` before `now` (events
/// after `now` never count). Each distinct query has a derived slot in the bound profile, computed once per
/// resolution before the walk (``EventLog/derive(_:now:)``), so conditions test it like any number or date.
package struct EventQuery: Sendable, Hashable {
  package enum Function: Sendable, Hashable { case count, firstAt, lastAt }
  package let function: Function
  /// The event name.
  package let name: String
  /// Properties the event must carry, each equal to its value (compared as the JSON scalar's text: a string's
  /// contents, a number's canonical text, `true`/`false`).
  package let filters: [EventFilter]
  /// How far back from `now`, in milliseconds; nil for the whole history.
  package let window: Int64?

  package init(function: Function, name: String, filters: [EventFilter], window: Int64?) {
    self.function = function
    self.name = name
    self.filters = filters
    self.window = window
  }
}

/// `where <property> == <value>` in an event query, or one of a cap's (placement, content) properties.
package struct EventFilter: Sendable, Hashable {
  package let property: String
  package let value: String

  package init(property: String, value: String) {
    self.property = property
    self.value = value
  }
}

/// A row's frequency cap: the row is skipped when the count in ``slot`` (a derived `count` of `shown` events of
/// this placement and the row's content within the window its query holds) has reached ``limit``.
package struct RowCap: Sendable, Hashable {
  package let limit: Int
  /// The window as people read it, with the unit in the number the amount takes: `7 days`, `1 day`.
  package let windowText: String
  /// The derived slot holding the count.
  package let slot: Int
}

/// The event the caller appends when a placement shows a content (the write side of caps):
/// `{"name": "shown", "at": …, "properties": {"placement": "<placement>", "content": "<content id>"}}`.
package enum ShownEvent {
  package static let name = "shown"
  package static let placement = "placement"
  package static let content = "content"
}
