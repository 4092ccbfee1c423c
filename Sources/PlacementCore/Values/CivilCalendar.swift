/// Proleptic Gregorian calendar arithmetic in UTC, without Foundation.
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days`
/// (<https://howardhinnant.github.io/date_algorithms.html>), exact for every day count that fits in `Int64`
/// milliseconds. Years are astronomical: year 0 is 1 BC, year -1 is 2 BC.
enum CivilCalendar {
  /// A calendar date and a time of day in UTC.
  struct DateTime: Equatable {
    var year: Int64
    /// 1...12
    var month: Int64
    /// 1...31
    var day: Int64
    /// Milliseconds since midnight, 0..<86_400_000.
    var millisecondOfDay: Int64
  }

  /// Whether `year` has a February 29.
  static func isLeapYear(_ year: Int64) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1...12) of `year`.
  static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of the date `year-month-day` (month 1...12, day 1...31, not range-checked).
  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400  // [0, 399]
    let shiftedMonth = month > 2 ? month - 3 : month + 9  // March = 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1  // [0, 365]
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // [0, 146096]
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date of the day `days` days after 1970-01-01 (negative: before).
  static func civilFromDays(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097  // [0, 146096]
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // [0, 399]
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // [0, 365]
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // [0, 11], March = 0
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Splits milliseconds since the epoch into a UTC date and time of day (floor division, so negative values
  /// fall on the preceding day).
  static func dateTime(millisecondsSince1970 ms: Int64) -> DateTime {
    let perDay = Instant.millisecondsPerDay
    var days = ms / perDay
    var rest = ms % perDay
    if rest < 0 {
      days -= 1
      rest += perDay
    }
    let date = civilFromDays(days)
    return DateTime(year: date.year, month: date.month, day: date.day, millisecondOfDay: rest)
  }
}
