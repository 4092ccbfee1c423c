import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// `placement fmt` prints ramps canonically and idempotently, and a changed step changes the fingerprint.
@Suite struct RampFormatTests {
  func format(_ text: String) throws -> String {
    try RuleFormatter.format(SourceFile(name: "t.rules", text: text))
  }

  @Test func aRampRoundTrips() throws {
    let messy = """
      segment early = percent( 5   from "2026-12-01T00:00:00Z",25 from   "2026-12-08T00:00:00+01:00" ,
        100 from "2026-12-15T00:00:00Z" )   salt   "new-paywall"
      placement p: paywall {
        early -> paywall new_one
        default -> paywall old_one
      }
      """
    let expected = """
      segment early = percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-08T00:00:00+01:00", 100 from "2026-12-15T00:00:00Z") salt "new-paywall"

      placement p: paywall {
        early   -> paywall new_one
        default -> paywall old_one
      }

      """
    let once = try format(messy)
    #expect(once == expected)
    #expect(try format(once) == once)
  }

  @Test func aChangedStepChangesTheFingerprint() {
    func fingerprint(_ condition: String) -> String {
      let syntax = Parser.parse(SourceFile(name: "a", text: "segment s = \(condition)\n")).0
      return SyntaxFingerprint.of(syntax.declarations)
    }
    let base = fingerprint(#"percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-08T00:00:00Z") salt "s""#)
    #expect(base != fingerprint(#"percent(5 from "2026-12-01T00:00:00Z", 30 from "2026-12-08T00:00:00Z") salt "s""#))
    #expect(base != fingerprint(#"percent(5 from "2026-12-01T00:00:00Z", 25 from "2026-12-09T00:00:00Z") salt "s""#))
    #expect(base != fingerprint(#"percent(25) salt "s""#))
  }
}
