/// ISO-8601 / RFC 3339 text for instants (docs/Product.md §4.2: "ISO-8601 strings with an offset are instants,
/// `YYYY-MM-DD` is a date at 00:00 UTC").
///
/// Accepted forms:
/// - `YYYY-MM-DD`: 00:00:00 UTC of that day.
/// - `YYYY-MM-DDTHH:MM[:SS[.fraction]]OFFSET` where the separator is `T`, `t` or a space, `OFFSET` is `Z`, `z`,
///   `±HH:MM` or `±HHMM`, and the fraction has one or more digits, truncated to milliseconds (`.123456` → 123 ms).
/// - Years are four digits (`0000`–`9999`), or a sign and six digits (`+012345`, `-000001`) as in the
///   ECMAScript expanded format, so every ``Instant/iso8601`` output parses back; `-000000` is invalid.
///
/// Rejected: a date-time without an offset (the instant would depend on the reader's time zone, so it is
/// ambiguous), `24:00`, out-of-range fields (month 1–12, day within the month with Gregorian leap years, hour
/// 0–23, minute 0–59, second 0–60, offset hours 0–23 and minutes 0–59), the basic format without separators,
/// surrounding whitespace, and results beyond ±8.64e15 ms.
///
/// Leap seconds: second `60` is accepted and read as `59.999` of the same minute (the fraction is dropped), so
/// `23:59:60Z` sorts after `23:59:59.998Z` and before the next minute; Unix time has no leap seconds.
extension Instant {
  /// Parses an ISO-8601 date or date-time with an offset; see the extension's documentation for the forms.
  /// - Parameter text: The whole text; nothing is trimmed.
  /// - Returns: `nil` when the text is not one of the accepted forms or names a non-existent date or time.
  public init?(iso8601 text: String) {
    var copy = text
    guard
      let ms = copy.withUTF8({ bytes in
        var scanner = ISO8601Scanner(bytes: bytes)
        return scanner.parse()
      })
    else { return nil }
    self.init(millisecondsSince1970: ms)
  }

  /// Whether `text` has an accepted ISO-8601 form but names an instant beyond ±8.64e15 ms
  /// (``parsedRangeLimit``), such as `+287168-08-24T16:00:00Z`: ``init(iso8601:)`` refuses it as out of range.
  package static func isBeyondParsedRange(iso8601 text: String) -> Bool {
    var copy = text
    return copy.withUTF8 { bytes in
      var scanner = ISO8601Scanner(bytes: bytes)
      return scanner.anyShapeUnbounded().map { $0.magnitude > parsedRangeLimit.magnitude } ?? false
    }
  }

  /// ``init(iso8601:)`` over UTF-8 bytes, without building a `String` (the profile binder's path).
  init?(iso8601 bytes: UnsafeBufferPointer<UInt8>) {
    var scanner = ISO8601Scanner(bytes: bytes)
    guard let ms = scanner.parse() else { return nil }
    self.init(millisecondsSince1970: ms)
  }

  /// Parses `text` as ``init(iso8601:)`` does, telling a bare date (`2027-02-01`) from a date-time with an
  /// offset: nil when the text is neither.
  package static func reading(iso8601 text: String) -> ISO8601Reading? {
    var copy = text
    return copy.withUTF8 { reading(iso8601: $0) }
  }

  /// ``reading(iso8601:)`` over UTF-8 bytes.
  static func reading(iso8601 bytes: UnsafeBufferPointer<UInt8>) -> ISO8601Reading? {
    var scanner = ISO8601Scanner(bytes: bytes)
    guard let ms = scanner.parse() else { return nil }
    let instant = Instant(millisecondsSince1970: ms)
    return scanner.isDate ? .date(instant) : .dateTime(instant)
  }
}

/// What an accepted ISO-8601 text names. A bare date is 00:00 UTC of its day for a profile attribute, but where an
/// exact moment is written (a schedule's bound, an event's `at`) it lacks the offset that fixes the moment.
package enum ISO8601Reading: Sendable, Equatable {
  /// `YYYY-MM-DD`, read as 00:00 UTC of that day.
  case date(Instant)
  /// A date, a time of day and an offset.
  case dateTime(Instant)

  /// The instant of a date-time with an offset; nil for a bare date.
  package var dateTime: Instant? {
    if case .dateTime(let instant) = self { return instant }
    return nil
  }
}

extension Instant {

  /// `YYYY-MM-DDTHH:MM:SS.sssZ` in UTC, or `YYYY-MM-DDTHH:MM:SSZ` when the millisecond is 0.
  ///
  /// Years outside 0000–9999 use a sign and at least six digits (`+010000-01-01T00:00:00Z`,
  /// `-000001-12-31T00:00:00Z`), as ECMAScript's `toISOString` does.
  public var iso8601: String {
    let t = CivilCalendar.dateTime(millisecondsSince1970: millisecondsSince1970)
    var text: String
    if t.year >= 0 && t.year <= 9999 {
      text = padded(t.year, width: 4)
    } else {
      text = (t.year < 0 ? "-" : "+") + padded(t.year.magnitude, width: 6)
    }
    let ms = t.millisecondOfDay
    text += "-" + padded(t.month, width: 2) + "-" + padded(t.day, width: 2)
    text += "T" + padded(ms / Self.millisecondsPerHour, width: 2)
    text += ":" + padded(ms / Self.millisecondsPerMinute % 60, width: 2)
    text += ":" + padded(ms / Self.millisecondsPerSecond % 60, width: 2)
    if ms % 1_000 != 0 { text += "." + padded(ms % 1_000, width: 3) }
    return text + "Z"
  }
}

private func padded<T: BinaryInteger>(_ value: T, width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// A one-pass scanner over the UTF-8 bytes of an ISO-8601 text; `parse()` returns milliseconds or `nil`.
struct ISO8601Scanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0
  /// After a successful ``parse()``: whether the text is a bare date, without a time of day or an offset.
  private(set) var isDate = false

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  mutating func parse() -> Int64? {
    if let fixed = fixedShape() {
      isDate = bytes.count == 10
      return fixed
    }
    return parseAnyShape()
  }

  /// The general path: every accepted form, field by field. ``parse()`` takes it for all but the fixed shapes.
  mutating func parseAnyShape() -> Int64? {
    guard let ms = anyShapeUnbounded(), ms.magnitude <= Instant.parsedRangeLimit.magnitude else { return nil }
    return ms
  }

  /// ``parseAnyShape()`` without the range check: the milliseconds of any accepted form, also beyond ±8.64e15 ms
  /// (six-digit years reach about ±3.2e16, well within `Int64`).
  mutating func anyShapeUnbounded() -> Int64? {
    guard let year = year(), take(UInt8(ascii: "-")), let month = digits(2), take(UInt8(ascii: "-")),
      let day = digits(2), (1...12).contains(month), day >= 1,
      day <= CivilCalendar.daysInMonth(month, year: year)
    else { return nil }
    let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
    var ms = days * Instant.millisecondsPerDay
    isDate = position == bytes.count
    if !isDate {
      guard take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")) || take(UInt8(ascii: " ")),
        let time = timeOfDay(), let offset = offset()
      else { return nil }
      ms += time - offset
    }
    guard position == bytes.count else { return nil }
    return ms
  }

  /// `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM:SSZ` (with `t` or a space for `T`, `z` for `Z`), the forms profiles
  /// and the SDKs send, read at fixed offsets: nil when the text is not of either shape (``parse()`` then takes
  /// the general path), `.some(nil)` when it is of one but names no valid instant, else the general path's
  /// result, checked with the same ranges (ISO8601FixedShapeTests compares both on every shape of these lengths,
  /// with every byte at every position).
  @inline(__always)
  func fixedShape() -> Int64?? {
    let count = bytes.count
    guard count == 10 || count == 20, let base = bytes.baseAddress else { return nil }
    @inline(__always) func digit(_ offset: Int) -> Int64? {
      let value = base[offset] &- UInt8(ascii: "0")
      return value <= 9 ? Int64(value) : nil
    }
    @inline(__always) func pair(_ offset: Int) -> Int64? {
      guard let tens = digit(offset), let ones = digit(offset + 1) else { return nil }
      return tens * 10 + ones
    }
    guard let century = pair(0), let decade = pair(2), base[4] == UInt8(ascii: "-"), let month = pair(5),
      base[7] == UInt8(ascii: "-"), let day = pair(8)
    else { return nil }
    var time: Int64 = 0
    if count == 20 {
      let separator = base[10]
      let zone = base[19]
      guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
        let hour = pair(11), base[13] == UInt8(ascii: ":"), let minute = pair(14), base[16] == UInt8(ascii: ":"),
        let second = pair(17), zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z")
      else { return nil }
      guard hour <= 23, minute <= 59, second <= 60 else { return .some(nil) }
      time = hour * Instant.millisecondsPerHour + minute * Instant.millisecondsPerMinute
      time += second == 60 ? 59 * Instant.millisecondsPerSecond + 999 : second * Instant.millisecondsPerSecond
    }
    let year = century * 100 + decade
    guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(month, year: year) else {
      return .some(nil)
    }
    return CivilCalendar.daysFromCivil(year: year, month: month, day: day) * Instant.millisecondsPerDay + time
  }

  /// `YYYY` or `±YYYYYY` (not `-000000`).
  private mutating func year() -> Int64? {
    guard position < bytes.count else { return nil }
    let sign = bytes[position]
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return digits(4) }
    position += 1
    guard let value = digits(6) else { return nil }
    if sign == UInt8(ascii: "-") && value == 0 { return nil }
    return sign == UInt8(ascii: "-") ? -value : value
  }

  /// `HH:MM[:SS[.fraction]]` as milliseconds since midnight.
  private mutating func timeOfDay() -> Int64? {
    guard let hour = digits(2), take(UInt8(ascii: ":")), let minute = digits(2), hour <= 23, minute <= 59
    else { return nil }
    var second: Int64 = 0
    var millisecond: Int64 = 0
    if take(UInt8(ascii: ":")) {
      guard let value = digits(2), value <= 60 else { return nil }
      second = value
      if take(UInt8(ascii: ".")) {
        guard let fraction = fractionMilliseconds() else { return nil }
        millisecond = fraction
      }
      if second == 60 {
        second = 59
        millisecond = 999
      }
    }
    return hour * Instant.millisecondsPerHour + minute * Instant.millisecondsPerMinute
      + second * Instant.millisecondsPerSecond + millisecond
  }

  /// One or more digits after the decimal point, truncated to milliseconds.
  private mutating func fractionMilliseconds() -> Int64? {
    var value: Int64 = 0
    var count = 0
    while position < bytes.count, let digit = digit(bytes[position]) {
      if count < 3 { value = value * 10 + digit }
      count += 1
      position += 1
    }
    guard count > 0 else { return nil }
    for _ in 0..<max(0, 3 - count) { value *= 10 }  // ".5" is 500 ms
    return value
  }

  /// `Z`, `z`, `±HH:MM` or `±HHMM` as milliseconds east of UTC.
  private mutating func offset() -> Int64? {
    if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
    let negative: Bool
    if take(UInt8(ascii: "+")) {
      negative = false
    } else if take(UInt8(ascii: "-")) {
      negative = true
    } else {
      return nil
    }
    guard let hours = digits(2) else { return nil }
    _ = take(UInt8(ascii: ":"))
    guard let minutes = digits(2), hours <= 23, minutes <= 59 else { return nil }
    let value = hours * Instant.millisecondsPerHour + minutes * Instant.millisecondsPerMinute
    return negative ? -value : value
  }

  /// Exactly `count` ASCII digits as a number.
  private mutating func digits(_ count: Int) -> Int64? {
    guard bytes.count - position >= count else { return nil }
    var value: Int64 = 0
    for offset in position..<position + count {
      let digit = bytes[offset] &- UInt8(ascii: "0")
      guard digit <= 9 else { return nil }
      value = value * 10 + Int64(digit)
    }
    position += count
    return value
  }

  private func digit(_ byte: UInt8) -> Int64? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard position < bytes.count, bytes[position] == byte else { return false }
    position += 1
    return true
  }
}
