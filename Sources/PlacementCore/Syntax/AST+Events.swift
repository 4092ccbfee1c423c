/// An event subject as written: `count(event "<name>" [where <property> == <value>] [within last <n> <unit>])`,
/// or `first_at(…)`/`last_at(…)` around the same query.
package struct EventSubjectSyntax: Sendable {
  /// Which function reads the events.
  package enum Function: String, Sendable {
    case count
    case firstAt = "first_at"
    case lastAt = "last_at"
  }
  package let function: Function
  /// The function's keyword (`count`, `first_at`, `last_at`).
  package let keyword: Name
  /// The event's name as written (a string).
  package let name: Name
  /// `where <property> == <value>`: the property and the value it must equal.
  package let filter: (property: Name, value: LiteralSyntax)?
  /// `within last <n> <unit>`: the amount and unit, or nil for the whole history.
  package let window: (amount: Name, unit: Name)?
  package let range: SourceRange
}

/// A row's frequency cap as written: `limit <n> per <m> <unit>`.
package struct CapSyntax: Sendable {
  /// How many showings the window allows.
  package let limit: Name
  /// The window's amount and unit.
  package let amount: Name
  package let unit: Name
  package let range: SourceRange
}
