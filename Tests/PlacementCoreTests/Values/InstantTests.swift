import Foundation
import Testing

@testable import PlacementCore

private func at(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Instant {
  guard let instant = Instant(iso8601: text) else {
    Issue.record("'\(text)' did not parse", sourceLocation: sourceLocation)
    return Instant(millisecondsSince1970: .min)
  }
  return instant
}

private func ms(_ text: String) -> Int64? { Instant(iso8601: text)?.millisecondsSince1970 }

@Suite struct InstantParsingTests {
  @Test func aReadingTellsABareDateFromADateTime() {
    #expect(Instant.reading(iso8601: "2027-02-01") == .date(Instant(millisecondsSince1970: 1_801_440_000_000)))
    #expect(Instant.reading(iso8601: "+012345-01-01").map { if case .date = $0 { true } else { false } } == true)
    #expect(
      Instant.reading(iso8601: "2027-02-01T00:00:00Z") == .dateTime(Instant(millisecondsSince1970: 1_801_440_000_000)))
    #expect(
      Instant.reading(iso8601: "2027-02-01 01:00+01:00")
        == .dateTime(Instant(millisecondsSince1970: 1_801_440_000_000)))
    #expect(Instant.reading(iso8601: "2027-02-01")?.dateTime == nil)
    #expect(Instant.reading(iso8601: "2027-02-01T00:00:00") == nil)
    #expect(Instant.reading(iso8601: "2027-02-30") == nil)
  }

  @Test func knownValues() {
    // Reference values computed with Python's datetime (UTC) and JavaScript's Date.
    #expect(ms("1970-01-01") == 0)
    #expect(ms("1969-12-31") == -86_400_000)
    #expect(ms("1990-06-15") == 645_408_000_000)
    #expect(ms("1990-06-15T00:00:00+02:00") == 645_400_800_000)
    #expect(at("1990-06-15T00:00+02:00").iso8601 == "1990-06-14T22:00:00Z")
    #expect(ms("2025-05-12T11:38:00Z") == 1_747_049_880_000)
    #expect(ms("2000-02-29T12:34:56.789Z") == 951_827_696_789)
    #expect(ms("0000-01-01") == -62_167_219_200_000)
    #expect(ms("0001-01-01T00:00:00Z") == -62_135_596_800_000)
    #expect(ms("9999-12-31T23:59:59.999Z") == 253_402_300_799_999)
    #expect(ms("1600-03-01") == -11_670_912_000_000)
    // The ECMAScript Date range ends, ±8.64e15 ms.
    #expect(ms("+275760-09-13T00:00:00Z") == 8_640_000_000_000_000)
    #expect(ms("-271821-04-20T00:00:00Z") == -8_640_000_000_000_000)
    #expect(ms("+275760-09-13T00:00:00.001Z") == nil)
    #expect(ms("-271821-04-19T23:59:59.999Z") == nil)
  }

  @Test func offsetsAreNormalised() {
    #expect(at("2024-01-01T00:00:00+02:00") == at("2023-12-31T22:00:00Z"))
    #expect(at("2024-01-01T00:00:00+0200") == at("2023-12-31T22:00:00Z"))
    #expect(at("2023-12-31T17:30:00-04:30") == at("2023-12-31T22:00:00Z"))
    #expect(at("2023-12-31T22:00:00-00:00") == at("2023-12-31T22:00:00Z"))
    #expect(at("2023-12-31 22:00:00z") == at("2023-12-31T22:00:00Z"))
    #expect(at("2023-12-31t22:00Z") == at("2023-12-31T22:00:00Z"))
    #expect(at("2024-01-01T00:00:00+02:00") < at("2024-01-01T00:00:00+01:00"))
  }

  @Test func fractionsAreTruncatedToMilliseconds() {
    #expect(ms("1970-01-01T00:00:00.5Z") == 500)
    #expect(ms("1970-01-01T00:00:00.05Z") == 50)
    #expect(ms("1970-01-01T00:00:00.123456Z") == 123)
    #expect(ms("1970-01-01T00:00:00.999999999Z") == 999)
    #expect(ms("1969-12-31T23:59:59.9999Z") == -1)
  }

  @Test func leapSecondIsTheLastMillisecondOfItsMinute() {
    #expect(ms("2016-12-31T23:59:60Z") == ms("2016-12-31T23:59:59.999Z"))
    #expect(ms("2016-12-31T23:59:60.5Z") == ms("2016-12-31T23:59:59.999Z"))
    #expect(at("2016-12-31T23:59:60Z") < at("2017-01-01T00:00:00Z"))
  }

  @Test(arguments: [
    "2023-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-01-00", "1900-02-29", "2024-01-01T10:00:00",
    "2024-01-01T10:00", "2024-01-01T24:00:00Z", "2024-01-01T23:60:00Z", "2024-01-01T23:59:61Z",
    "2024-01-01T10:00:00.Z", "2024-01-01T10:00:00+2:00", "2024-01-01T10:00:00+02", "2024-01-01T10:00:00+24:00",
    "2024-01-01T10:00:00+02:60", "2024-01-01Z", "2024-01-01T", "20240101", "24-01-01", "2024-1-01",
    " 2024-01-01", "2024-01-01 ", "2024-01-01T10Z", "2024-01-01T10:00:00ZZ", "-000000-01-01", "+12345-01-01",
    "2024-01-01T10:00.5Z", "２０２４-01-01", "", "2024-01-01x10:00Z", "2024-01-01T10:00:00,5Z",
  ])
  func invalid(_ text: String) {
    #expect(Instant(iso8601: text) == nil)
  }

  @Test func leapYears() {
    #expect(ms("2024-02-29") == 1_709_164_800_000)
    #expect(ms("2000-02-29") != nil)
    #expect(ms("1900-02-29") == nil)
    #expect(ms("2100-02-29") == nil)
  }
}

@Suite struct InstantFormattingTests {
  @Test func formats() {
    #expect(Instant(millisecondsSince1970: 0).iso8601 == "1970-01-01T00:00:00Z")
    #expect(Instant(millisecondsSince1970: -1).iso8601 == "1969-12-31T23:59:59.999Z")
    #expect(Instant(millisecondsSince1970: 1_747_049_880_000).iso8601 == "2025-05-12T11:38:00Z")
    #expect(Instant(millisecondsSince1970: 951_827_696_789).iso8601 == "2000-02-29T12:34:56.789Z")
    #expect(Instant(millisecondsSince1970: 5).iso8601 == "1970-01-01T00:00:00.005Z")
    #expect(Instant(millisecondsSince1970: 8_640_000_000_000_000).iso8601 == "+275760-09-13T00:00:00Z")
    #expect(Instant(millisecondsSince1970: -62_167_219_200_001).iso8601 == "-000001-12-31T23:59:59.999Z")
    #expect(Instant(millisecondsSince1970: 1_747_049_880_000).description == "2025-05-12T11:38:00Z")
  }

  @Test func roundTrips() {
    for text in [
      "1970-01-01T00:00:00Z", "1990-06-14T22:00:00Z", "2024-02-29T23:59:59.999Z", "0000-01-01T00:00:00Z",
      "9999-12-31T23:59:59.999Z", "+010000-01-01T00:00:00Z", "-271821-04-20T00:00:00Z", "1969-07-20T20:17:40Z",
    ] {
      #expect(at(text).iso8601 == text)
    }
    for value: Int64 in [-8_640_000_000_000_000, -1, 0, 1, 645_408_000_000, 1_836_277_747_123] {
      let instant = Instant(millisecondsSince1970: value)
      #expect(Instant(iso8601: instant.iso8601) == instant)
    }
  }

  /// Cross-checks the calendar against Foundation's Gregorian calendar (proleptic only from 1582, so 1600+).
  @Test func agreesWithFoundation() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let low: Int64 = -11_670_912_000_000  // 1600-03-01
    let high: Int64 = 253_402_300_799_999  // 9999-12-31T23:59:59.999Z
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value = low + Int64((state >> 11) % UInt64(high - low))
      let seconds = value >= 0 ? value / 1000 : (value - 999) / 1000
      let date = Date(timeIntervalSince1970: Double(seconds))
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
      let expected =
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
      let text = Instant(millisecondsSince1970: value).iso8601
      #expect(text.hasPrefix(expected), "\(value)")
      #expect(Instant(iso8601: text)?.millisecondsSince1970 == value)
    }
  }

  @Test func calendarRoundTripsEveryDayOfSeveralEras() {
    var previous = CivilCalendar.civilFromDays(-800_001)
    var failures: [Int64] = []
    for days in Int64(-800_000)...800_000 {
      let date = CivilCalendar.civilFromDays(days)
      let nextDay = date.day == previous.day + 1 && date.month == previous.month && date.year == previous.year
      let lastDay = previous.day == CivilCalendar.daysInMonth(previous.month, year: previous.year)
      let nextMonth =
        date.day == 1 && lastDay
        && (previous.month == 12
          ? date.month == 1 && date.year == previous.year + 1
          : date.month == previous.month + 1 && date.year == previous.year)
      if !(nextDay || nextMonth)
        || CivilCalendar.daysFromCivil(year: date.year, month: date.month, day: date.day) != days
      {
        failures.append(days)
      }
      previous = date
    }
    #expect(failures.isEmpty)
    // Python datetime: 1970-01-01 + 800,000 days; and - 800,000 days shifted by six 400-year cycles.
    let forward = CivilCalendar.civilFromDays(800_000)
    #expect(forward.year == 4160 && forward.month == 4 && forward.day == 29)
    let backward = CivilCalendar.civilFromDays(-800_000)
    #expect(backward.year == -221 && backward.month == 9 && backward.day == 4)
  }
}

@Suite struct InstantArithmeticTests {
  @Test func fromUnix() {
    let seconds = Instant.fromUnix(1_836_277_747, unit: .seconds)
    #expect(seconds?.millisecondsSince1970 == 1_836_277_747_000)
    #expect(seconds?.iso8601 == "2028-03-10T05:09:07Z")
    #expect(seconds! > at("2025-05-12T11:38:00Z"))
    #expect(Instant.fromUnix(645_408_000_000, unit: .milliseconds) == at("1990-06-15"))
    #expect(Instant.fromUnix(1.001, unit: .seconds)?.millisecondsSince1970 == 1_001)
    #expect(Instant.fromUnix(0.0015, unit: .seconds)?.millisecondsSince1970 == 1)
    #expect(Instant.fromUnix(1.5, unit: .milliseconds)?.millisecondsSince1970 == 1)
    #expect(Instant.fromUnix(-1.5, unit: .milliseconds)?.millisecondsSince1970 == -2)
    #expect(Instant.fromUnix(-0.0, unit: .seconds)?.millisecondsSince1970 == 0)
    #expect(Instant.fromUnix(8.64e15, unit: .milliseconds)?.millisecondsSince1970 == 8_640_000_000_000_000)
    #expect(Instant.fromUnix(-8.64e12, unit: .seconds)?.millisecondsSince1970 == -8_640_000_000_000_000)
    #expect(Instant.fromUnix(8.64e15 + 2, unit: .milliseconds) == nil)
    #expect(Instant.fromUnix(8.64e12 + 1, unit: .seconds) == nil)
    #expect(Instant.fromUnix(.nan, unit: .milliseconds) == nil)
    #expect(Instant.fromUnix(.infinity, unit: .seconds) == nil)
    #expect(Instant.fromUnix(-.infinity, unit: .milliseconds) == nil)
    #expect(Instant.fromUnix(.greatestFiniteMagnitude, unit: .seconds) == nil)
  }

  @Test func addingDays() {
    #expect(at("2024-02-28").adding(days: 1) == at("2024-02-29"))
    #expect(at("2024-03-01").adding(days: -366) == at("2023-03-01"))
    #expect(at("2025-05-12T11:38:00Z").adding(days: -7).iso8601 == "2025-05-05T11:38:00Z")
    #expect(Instant.epoch.adding(days: .max).millisecondsSince1970 == .max)
    #expect(Instant.epoch.adding(days: .min).millisecondsSince1970 == .min)
    #expect(Instant(millisecondsSince1970: .max - 1).adding(milliseconds: 5).millisecondsSince1970 == .max)
    #expect(Instant.epoch.adding(milliseconds: -Instant.millisecondsPerDay) == at("1969-12-31"))
    #expect(Instant.millisecondsPerDay == 24 * Instant.millisecondsPerHour)
    #expect(Instant.millisecondsPerHour == 60 * Instant.millisecondsPerMinute)
    #expect(Instant.millisecondsPerMinute == 60 * Instant.millisecondsPerSecond)
  }

  @Test func wholeYears() {
    #expect(at("1990-06-15").wholeYears(until: at("2026-06-14")) == 35)
    #expect(at("1990-06-15").wholeYears(until: at("2026-06-15")) == 36)
    #expect(at("1990-06-15").wholeYears(until: at("2026-06-14T23:59:59.999Z")) == 35)
    #expect(at("1990-06-15").wholeYears(until: at("1990-06-15")) == 0)
    #expect(at("1990-06-15").wholeYears(until: at("1991-06-14")) == 0)
    #expect(at("2026-06-15").wholeYears(until: at("1990-06-15")) == -36)
    // A date_picker birthday in UTC+2 is stored as 22:00Z the previous day: the age rises at local midnight.
    let birthday = at("1990-06-15T00:00:00+02:00")
    #expect(birthday.wholeYears(until: at("2026-06-14T21:59:59Z")) == 35)
    #expect(birthday.wholeYears(until: at("2026-06-14T22:00:00Z")) == 36)
    // February 29: the anniversary is March 1 in non-leap years, February 29 in leap years.
    let leapling = at("2000-02-29")
    #expect(leapling.wholeYears(until: at("2001-02-28")) == 0)
    #expect(leapling.wholeYears(until: at("2001-03-01")) == 1)
    #expect(leapling.wholeYears(until: at("2004-02-28")) == 3)
    #expect(leapling.wholeYears(until: at("2004-02-29")) == 4)
    #expect(leapling.wholeYears(until: at("2100-02-28T23:59:59Z")) == 99)
    #expect(leapling.wholeYears(until: at("2100-03-01")) == 100)
    #expect(at("1969-12-31T23:59:59.999Z").wholeYears(until: at("1970-12-31T23:59:59.999Z")) == 1)
    #expect(at("0000-01-01").wholeYears(until: at("9999-12-31")) == 9999)
  }
}
