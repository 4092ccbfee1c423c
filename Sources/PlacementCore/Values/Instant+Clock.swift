#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Instant {
  /// The current time from the system's real-time clock, truncated to the millisecond.
  public static var now: Instant {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Instant(millisecondsSince1970: Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000)
  }
}
