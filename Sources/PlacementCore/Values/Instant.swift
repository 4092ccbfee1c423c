/// A point in time: whole milliseconds since 1970-01-01T00:00:00Z (the Unix epoch), ignoring leap seconds.
///
/// `date` attributes (docs/Product.md §2, §4.4) hold instants; they compare as instants, so offsets in the source
/// text are normalised away. Calendar questions (``wholeYears(until:)``, ``iso8601``) use the proleptic
/// Gregorian calendar in UTC.
///
/// Values built by the parsers lie within ±8.64e15 ms (±100,000,000 days, the ECMAScript `Date` range);
/// ``init(millisecondsSince1970:)`` accepts any `Int64`, and every operation stays total on the full range.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Milliseconds since 1970-01-01T00:00:00Z; negative before the epoch.
  public let millisecondsSince1970: Int64

  /// Creates an instant from milliseconds since the Unix epoch.
  /// - Parameter millisecondsSince1970: Milliseconds since 1970-01-01T00:00:00Z; negative before the epoch.
  public init(millisecondsSince1970: Int64) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  /// 1,000 milliseconds.
  public static let millisecondsPerSecond: Int64 = 1_000
  /// 60,000 milliseconds.
  public static let millisecondsPerMinute: Int64 = 60_000
  /// 3,600,000 milliseconds.
  public static let millisecondsPerHour: Int64 = 3_600_000
  /// 86,400,000 milliseconds (a UTC day; leap seconds are not counted).
  public static let millisecondsPerDay: Int64 = 86_400_000
  /// The largest magnitude, in milliseconds, that the parsers accept: 8.64e15 (100,000,000 days).
  package static let parsedRangeLimit: Int64 = 8_640_000_000_000_000
  /// How warnings and errors describe a value beyond ``parsedRangeLimit``: `out of range (±8.64e15 ms)`.
  package static let outOfRange = "out of range (±8.64e15 ms)"

  /// Whether the instant lies within ±``parsedRangeLimit``, the one range every input accepts: profile values
  /// (numbers, numeric and ISO-8601 strings), flow event pickers, rules literals.
  package var isInParsedRange: Bool { millisecondsSince1970.magnitude <= Self.parsedRangeLimit.magnitude }

  /// 1970-01-01T00:00:00Z.
  public static let epoch = Instant(millisecondsSince1970: 0)

  /// The unit of a Unix timestamp: milliseconds (the default for `date` attributes) or seconds.
  public enum TimeUnit: Sendable, Hashable {
    /// Milliseconds since the epoch (flow `date_picker` values, JavaScript `Date.now()`).
    case milliseconds
    /// Seconds since the epoch (POSIX `time_t`).
    case seconds
  }

  /// Converts a Unix timestamp (a JSON number) to an instant.
  ///
  /// Fractional milliseconds are truncated toward negative infinity (floor), so the result is the millisecond
  /// that contains the moment, consistent with truncating an ISO-8601 fraction. For `.seconds` the value is
  /// scaled by 1,000 first, and a product within 4 ulps of a whole number is snapped to it, so `1.001` seconds
  /// is 1,001 ms despite binary floating point.
  /// - Parameters:
  ///   - value: The timestamp.
  ///   - unit: The unit of `value`.
  /// - Returns: `nil` for NaN, infinities, and values beyond ±8.64e15 ms (`parsedRangeLimit`).
  public static func fromUnix(_ value: Double, unit: TimeUnit) -> Instant? {
    guard value.isFinite else { return nil }
    var milliseconds = value
    if unit == .seconds {
      milliseconds = value * 1_000
      let nearest = milliseconds.rounded()
      if abs(milliseconds - nearest) <= 4 * milliseconds.ulp { milliseconds = nearest }
    }
    milliseconds.round(.down)
    let limit = Double(parsedRangeLimit)
    guard milliseconds >= -limit && milliseconds <= limit else { return nil }
    return Instant(millisecondsSince1970: Int64(milliseconds))
  }

  /// The instant `milliseconds` later (earlier when negative), saturating at the bounds of `Int64`.
  /// - Parameter milliseconds: The offset in milliseconds.
  public func adding(milliseconds: Int64) -> Instant {
    let (sum, overflow) = millisecondsSince1970.addingReportingOverflow(milliseconds)
    if overflow { return Instant(millisecondsSince1970: milliseconds > 0 ? .max : .min) }
    return Instant(millisecondsSince1970: sum)
  }

  /// The instant `days` × 86,400,000 ms later (earlier when negative), saturating at the bounds of `Int64`.
  ///
  /// Days are fixed 24-hour UTC days, as used by relative windows (`within last 7 days`).
  /// - Parameter days: The offset in days.
  public func adding(days: Int64) -> Instant {
    let (product, overflow) = days.multipliedReportingOverflow(by: Self.millisecondsPerDay)
    if overflow { return Instant(millisecondsSince1970: days > 0 ? .max : .min) }
    return adding(milliseconds: product)
  }

  /// Whole calendar years from `self` to `later` in UTC, with birthday semantics.
  ///
  /// The count rises on each anniversary: the same month, day and time of day as `self`, so
  /// 1990-06-15 → 2026-06-14 is 35 and 1990-06-15 → 2026-06-15 is 36. An anniversary of February 29 falls on
  /// March 1 in non-leap years. Comparing the time of day too makes a `date_picker` value (local midnight, e.g.
  /// 22:00Z the day before for UTC+2) turn a year older exactly at local midnight.
  /// - Parameter later: The end instant (typically `now`).
  /// - Returns: The number of anniversaries passed; negative (the count from `later` to `self`, negated) when
  ///   `later` precedes `self`.
  public func wholeYears(until later: Instant) -> Int {
    if later < self { return -later.wholeYears(until: self) }
    let start = CivilCalendar.dateTime(millisecondsSince1970: millisecondsSince1970)
    let end = CivilCalendar.dateTime(millisecondsSince1970: later.millisecondsSince1970)
    var years = end.year - start.year
    var month = start.month
    var day = start.day
    if month == 2 && day == 29 && !CivilCalendar.isLeapYear(end.year) {
      month = 3
      day = 1
    }
    if (end.month, end.day, end.millisecondOfDay) < (month, day, start.millisecondOfDay) { years -= 1 }
    return Int(years)
  }

  /// Orders instants by time.
  public static func < (lhs: Instant, rhs: Instant) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }

  /// The ``iso8601`` text.
  public var description: String { iso8601 }
}
