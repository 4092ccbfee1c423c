import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff`: a changed schedule is a change cause, found at the schedule's bounds even when the
/// decisions at `now` agree.
@Suite struct ScheduleDiffTests {
  static func rules(from: String) -> String {
    """
    segment everyone = country is set
    placement main_paywall: paywall {
      everyone from "\(from)" until "2027-01-05T00:00:00+01:00" -> paywall christmas
      default -> paywall standard
    }
    """
  }

  @Test func anEarlierStartIsReportedWithTheInstantItShows() throws {
    let report = try RulesDiff.compare(
      old: diffCompile(Self.rules(from: "2026-12-20T00:00:00+01:00"), name: "old.rules"),
      new: diffCompile(Self.rules(from: "2026-12-15T00:00:00+01:00"), name: "new.rules"),
      options: DiffOptions(now: Instant(iso8601: "2026-12-01T00:00:00Z")!))
    let transition = try #require(report.transitions.first)
    #expect(report.transitions.count == 1)
    #expect(transition.old.description == "paywall standard")
    #expect(transition.new.description == "paywall christmas")
    #expect(transition.causes.map(\.kind) == [.scheduleChanged])
    #expect(transition.causes.first?.description == "schedule of row 'everyone' changed")
    // The new window's first instant: 2026-12-15T00:00+01:00.
    #expect(transition.now == Instant(iso8601: "2026-12-14T23:00:00Z"))
  }

  @Test func theSameScheduleWrittenWithAnotherOffsetIsEquivalent() throws {
    let report = try RulesDiff.compare(
      old: diffCompile(Self.rules(from: "2026-12-20T00:00:00+01:00"), name: "old.rules"),
      new: diffCompile(Self.rules(from: "2026-12-19T23:00:00Z"), name: "new.rules"))
    #expect(report.isEquivalent)
  }
}
