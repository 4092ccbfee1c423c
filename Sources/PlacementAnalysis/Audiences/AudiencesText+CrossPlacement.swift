import PlacementCore

/// How `placement audiences` states the entry rules of a placement's cross-placement tests (docs/ABTests.md,
/// "Cross-placement tests"): their start (only new users join), their stickiness window, and their exclusivity.
extension AudiencesText {
  /// One line per cross-placement test of the table, in row order, e.g. `cross-placement test 'yoga_offer':
  /// new users only (first paywall at or after 2026-11-01T00:00:00Z); a timed assignment keeps its variation for
  /// 90 days, even after the test ends; a profile in another cross-placement test's window skips it`.
  static func crossPlacementEntryLines(_ table: AudienceTable) -> [String] {
    table.rows.compactMap { row -> String? in
      guard row.isCrossPlacement, case .test(let test) = row.content, let window = test.stickyWindow else {
        return nil
      }
      return "cross-placement test '\(test.name)': " + entryDescription(test, window: window)
    }
  }

  /// The entry rules of a cross-placement test with stickiness window `window` (milliseconds), for text.
  static func entryDescription(_ test: ABTest, window: Int64) -> String {
    let start =
      test.schedule?.from.map { "new users only (first paywall at or after \($0.text))" }
      ?? "no start: every profile may join"
    let days = window / Instant.millisecondsPerDay
    let kept = "a timed assignment keeps its variation for \(days) days, even after the test ends"
    return "\(start); \(kept); a profile in another cross-placement test's window skips it"
  }
}

extension AudienceTable {
  /// For a cross-placement test: `"entry": {"start": "<from as written>"|null, "sticky_window_days": 90,
  /// "exclusive": true}` (`start` null: every profile may join); nothing for another test.
  static func writeEntry(_ test: ABTest, to json: inout JSONWriter) {
    guard let window = test.stickyWindow else { return }
    json.key("entry")
    json.beginObject()
    json.key("start")
    if let start = test.schedule?.from { json.value(start.text) } else { json.null() }
    json.key("sticky_window_days")
    json.value(Int(window / Instant.millisecondsPerDay))
    json.key("exclusive")
    json.value(true)
    json.endObject()
  }
}
