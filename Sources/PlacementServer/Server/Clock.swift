import Foundation

/// Nanoseconds of `CLOCK_MONOTONIC`: durations and deadlines, unaffected by changes of the wall clock.
enum MonotonicClock {
  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  static func nanoseconds(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1e9) }
}

/// The `Date` field's value (RFC 9110 §5.6.7, `Sun, 06 Nov 1994 08:49:37 GMT`), formatted once per second.
struct HTTPDate {
  private var second = 0
  private(set) var text = ""

  mutating func current() -> String {
    let now = time(nil)
    if now != second {
      second = now
      text = Self.format(now)
    }
    return text
  }

  static func format(_ seconds: Int) -> String {
    var value = seconds
    var parts = tm()
    gmtime_r(&value, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let two = { (n: Int32) in n < 10 ? "0\(n)" : "\(n)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
  }
}
