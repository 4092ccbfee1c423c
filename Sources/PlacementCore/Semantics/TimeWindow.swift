/// A time window written `<amount> <unit>`: in a date condition (`within last 7 days`, `more than 2 hours ago`),
/// in an event query (`count(event "x" within last 30 days)`) or in a cap (`limit 3 per 7 days`).
package enum TimeWindow {
  /// Where a window is written; each place has its own smallest amount and its own name in messages.
  enum Use {
    /// `within last`/`more than … ago` on a date attribute: 0 is allowed (`within last 0 days` holds for now).
    case condition
    /// The `within last` of an event query: at least 1, an empty window never counts anything.
    case eventQuery
    /// The `per` of a row's cap: at least 1, an empty window never counts a showing.
    case cap

    /// The smallest amount the place accepts.
    var minimum: Int { self == .condition ? 0 : 1 }

    /// How a message names the window.
    var noun: String {
      switch self {
      case .condition: "a time window"
      case .eventQuery: "an event query's window"
      case .cap: "a cap's window"
      }
    }
  }

  /// The largest amount of any window, in its unit.
  static let maxAmount = 100_000

  /// The units a window is written in (each also singular), in the order messages and completions list them.
  package static let units = ["minutes", "hours", "days", "weeks"]

  /// ``units`` as a message lists them: `minutes, hours, days or weeks`.
  static var unitNames: String { units.dropLast().joined(separator: ", ") + " or " + units[units.count - 1] }

  /// The milliseconds of one `unit` (singular or plural); nil for any other word.
  static func milliseconds(perUnit unit: String) -> Int64? {
    switch unit {
    case "minute", "minutes": 60_000
    case "hour", "hours": 3_600_000
    case "day", "days": 86_400_000
    case "week", "weeks": 7 * 86_400_000
    default: nil
    }
  }

  /// `amount unit` with the unit singular for 1 and plural otherwise (`1 day`, `7 days`, whichever was written);
  /// `unit` is one ``milliseconds(perUnit:)`` knows.
  static func text(amount: String, unit: String) -> String {
    let singular = unit.hasSuffix("s") ? String(unit.dropLast()) : unit
    return "\(amount) \(singular)\(amount == "1" ? "" : "s")"
  }
}
