/// When a row or a test is live: from an instant (inclusive) until another (exclusive), either bound optional.
///
/// Outside its schedule a row does not match, whatever its segment (the resolver reports it as scheduled out and
/// goes on to the next row); a test's schedule applies to every row that uses the test. Bounds are instants
/// written with an offset or `Z` (RFC 3339), so a schedule means the same moment on every server whatever its
/// time zone (a bare date or a local time is a compile error: growthbook#5333). A window `from a until b` holds
/// at `now` when `a <= now < b`, so back-to-back windows (`until X` then `from X`) never overlap and never gap.
public struct Schedule: Sendable, Hashable, CustomStringConvertible {
  /// One end of a schedule: the instant and its text as written in the rules (shown in explanations).
  public struct Bound: Sendable, Hashable {
    public let instant: Instant
    /// As written, e.g. `2026-12-20T00:00:00+01:00`.
    public let text: String

    public init(_ instant: Instant, text: String) {
      self.instant = instant
      self.text = text
    }

    /// Bounds are equal when their instants are: `…T01:00:00+01:00` and `…T00:00:00Z` are one bound.
    public static func == (lhs: Bound, rhs: Bound) -> Bool { lhs.instant == rhs.instant }
    public func hash(into hasher: inout Hasher) { hasher.combine(instant) }
  }

  /// Where a schedule stands at one instant.
  public enum Status: String, Sendable, Hashable {
    /// `now` is before `from`.
    case scheduled
    /// `from <= now < until`.
    case live
    /// `now` is at or after `until`.
    case ended
  }

  /// The first instant the schedule is live (inclusive); nil: live since ever.
  public let from: Bound?
  /// The first instant the schedule is no longer live (exclusive); nil: live for ever after `from`.
  public let until: Bound?

  /// A schedule; the checker guarantees `from < until` when both are given.
  public init(from: Bound?, until: Bound?) {
    self.from = from
    self.until = until
  }

  /// Where the schedule stands at `now`.
  public func status(at now: Instant) -> Status {
    if let from, now < from.instant { return .scheduled }
    if let until, now >= until.instant { return .ended }
    return .live
  }

  /// True when `from <= now < until` (a missing bound does not limit).
  public func contains(_ now: Instant) -> Bool { status(at: now) == .live }

  /// The schedule that is live when both are: the later `from` and the earlier `until` (a row's schedule and its
  /// test's). The result may be empty (`from >= until`): it then contains no instant.
  public func intersection(_ other: Schedule) -> Schedule {
    let start = [from, other.from].compactMap { $0 }.max { $0.instant < $1.instant }
    let end = [until, other.until].compactMap { $0 }.min { $0.instant < $1.instant }
    return Schedule(from: start, until: end)
  }

  /// `from 2026-12-20T00:00:00+01:00 until 2027-01-05T00:00:00+01:00`, with the bounds as written; either part
  /// is left out when its bound is.
  public var description: String {
    [from.map { "from \($0.text)" }, until.map { "until \($0.text)" }].compactMap { $0 }.joined(separator: " ")
  }

  /// The live range as milliseconds since the epoch, `from` inclusive and `until` exclusive, open bounds as
  /// `Int64.min`/`Int64.max`: what the resolution loop compares `now` with.
  var liveMilliseconds: (from: Int64, until: Int64) {
    (from?.instant.millisecondsSince1970 ?? .min, until?.instant.millisecondsSince1970 ?? .max)
  }
}
