extension Checker {
  /// A written schedule: each bound an RFC 3339 instant with an offset or `Z`, and `from` before `until`.
  /// - Returns: `(true, nil)` when nothing is written, `(true, schedule)` when it checks, `(false, nil)` after
  ///   reporting.
  mutating func checkSchedule(_ syntax: WindowSyntax?) -> (ok: Bool, schedule: Schedule?) {
    guard let syntax else { return (true, nil) }
    let from = syntax.from.map { checkInstant($0, keyword: "from") }
    let until = syntax.until.map { checkInstant($0, keyword: "until") }
    if from == .some(nil) || until == .some(nil) { return (false, nil) }
    let schedule = Schedule(from: from ?? nil, until: until ?? nil)
    if let start = schedule.from, let end = schedule.until, end.instant <= start.instant,
      let range = syntax.until?.range
    {
      report(
        .emptySchedule(from: start.text, until: end.text, same: end.instant == start.instant), range,
        notes: [.scheduleBounds])
      return (false, nil)
    }
    return (true, schedule)
  }

  /// One bound: an instant with an offset. A bare date or a local date-time is reported with a hint to add the
  /// offset (the instant would otherwise depend on each server's time zone); other text is not an instant.
  mutating func checkInstant(_ name: Name, keyword: String) -> Schedule.Bound? {
    guard !name.isMissing else { return nil }
    let text = name.text
    let reading = Instant.reading(iso8601: text)
    if case .dateTime(let instant) = reading { return Schedule.Bound(instant, text: text) }
    let isBareDate = reading != nil
    if isBareDate || Instant(iso8601: text + "Z") != nil {
      let example = isBareDate ? text + "T00:00:00" : text
      report(
        .instantWithoutOffset(text, isDate: isBareDate), name.range,
        notes: [.addOffset(keyword, example: example)])
    } else {
      report(
        .invalidInstant(text), name.range,
        notes: [.instantSyntax(keyword)])
    }
    return nil
  }

  /// The default row decides when nothing else does, so it is never scheduled: neither the row nor its test.
  mutating func checkDefaultSchedule(_ row: AudienceRow, _ syntax: RowSyntax) {
    guard row.effectiveSchedule != nil else { return }
    let range = syntax.window?.range ?? syntax.content.range
    report(
      .scheduledDefault, range,
      notes: [.scheduleAboveDefault])
  }

  /// The schedule of the row's test, when its content is a scheduled test.
  static func testSchedule(of content: Content) -> Schedule? {
    if case .test(let test) = content { test.schedule } else { nil }
  }
}
