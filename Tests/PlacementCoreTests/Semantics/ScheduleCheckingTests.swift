import TestSupport
import Testing

@testable import PlacementCore

/// `until` before `from` is an error; a bare date is an error with a hint to add
/// an offset (the growthbook#5333 bug class: a date read in each server's own time zone). Positions by markers.
@Suite struct ScheduleCheckingTests {
  func rules(_ row: String) -> String {
    """
    segment everyone = country is set
    placement p: paywall {
      \(row)
      default -> paywall standard
    }
    """
  }

  @Test func untilBeforeFromIsAnError() throws {
    let found = expectDiagnostics(
      rules(#"everyone from "2027-01-05T00:00:00Z" until 1️⃣"2026-12-20T00:00:00+01:00" -> paywall x"#),
      SemanticsCatalog.emptySchedule)
    #expect(
      found.first?.message
        == "the schedule is never live: until 2026-12-20T00:00:00+01:00 is before from 2027-01-05T00:00:00Z")
    #expect(found.first?.severity == .error)
  }

  @Test func untilEqualToFromIsAnError() throws {
    // The same instant written with two offsets.
    let found = expectDiagnostics(
      rules(#"everyone from "2026-12-19T23:00:00Z" until 1️⃣"2026-12-20T00:00:00+01:00" -> paywall x"#),
      SemanticsCatalog.emptySchedule)
    #expect(found.first?.message.contains("is the same instant as from 2026-12-19T23:00:00Z") == true)
  }

  @Test func aBareDateIsAnErrorWithAHintToAddAnOffset() throws {
    let found = expectDiagnostics(
      rules(#"everyone from 1️⃣"2026-12-20" -> paywall x"#), SemanticsCatalog.instantWithoutOffset)
    #expect(found.first?.message == #""2026-12-20" is a date, not an instant: a schedule needs an offset or 'Z'"#)
    #expect(
      found.first?.notes.first?.message
        == #"add the offset of the time zone you mean, e.g. 'from "2026-12-20T00:00:00+01:00"', or 'Z' for UTC: "#
        + "without one the moment depends on each server's time zone")
    #expect(compile(rules(#"everyone from "2026-12-20" -> paywall x"#)).ruleSet == nil)
  }

  @Test func aLocalTimeIsAnErrorWithAHint() throws {
    let found = expectDiagnostics(
      rules(#"everyone until 1️⃣"2026-12-20T09:30:00" -> paywall x"#), SemanticsCatalog.instantWithoutOffset)
    #expect(found.first?.message == #""2026-12-20T09:30:00" is a local time: a schedule needs an offset or 'Z'"#)
    #expect(
      found.first?.notes.first?.message.hasPrefix(
        #"add the offset of the time zone you mean, e.g. 'until "2026-12-20T09:30:00+01:00"'"#) == true)
  }

  @Test func textThatIsNoInstantIsAnError() throws {
    expectDiagnostics(rules(#"everyone from 1️⃣"christmas" -> paywall x"#), SemanticsCatalog.invalidInstant)
  }

  @Test func anUnquotedDateIsReportedWithAFixItAndAsADate() throws {
    let found = expectDiagnostics(
      rules(#"everyone from 1️⃣2️⃣2026-12-20 -> paywall x"#),
      [SyntaxCatalog.unquotedDate, SemanticsCatalog.instantWithoutOffset])
    #expect(Set(found.map(\.code)) == [SyntaxCatalog.unquotedDate, SemanticsCatalog.instantWithoutOffset])
  }

  @Test func untilThenFromIsReportedAndReadAsWritten() throws {
    let found = expectDiagnostics(
      rules(#"everyone until "2027-01-05T00:00:00Z" 1️⃣from "2026-12-20T00:00:00Z" -> paywall x"#),
      SyntaxCatalog.expectedToken)
    #expect(found.first?.message == #"'from' comes before 'until': write 'from "<instant>" until "<instant>"'"#)
  }

  @Test func theDefaultRowCannotBeScheduled() throws {
    let text = """
      segment everyone = country is set
      placement p: paywall {
        everyone -> paywall x
        default 1️⃣from "2026-12-20T00:00:00Z" -> paywall standard
      }
      placement q: paywall {
        default -> 2️⃣test t version "t-1" until "2027-01-01T00:00:00Z" { paywall a 50%, paywall b 50% }
      }
      """
    expectDiagnostics(text, SemanticsCatalog.scheduledDefault)
  }

  @Test func aMissingInstantIsASyntaxError() throws {
    let found = expectDiagnostics(rules("everyone from 1️⃣-> paywall x"), SyntaxCatalog.expectedToken)
    #expect(found.first?.message.hasPrefix("expected an instant after 'from'") == true)
  }

  @Test func windowsAreKeptInTheModel() throws {
    let ruleSet = try #require(
      compile(rules(#"everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall x"#))
        .ruleSet)
    let row = ruleSet.placements[0].rows[0]
    #expect(row.schedule?.from?.instant == Instant(iso8601: "2026-12-19T23:00:00Z"))
    #expect(row.schedule?.until?.text == "2027-01-05T00:00:00+01:00")
    #expect(row.effectiveSchedule == row.schedule)
    #expect(ruleSet.placements[0].rows[1].schedule == nil)
  }
}
