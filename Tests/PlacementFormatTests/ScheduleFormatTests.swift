import Testing

@testable import PlacementCore
@testable import PlacementFormat
@testable import PlacementKit

/// `placement fmt` prints windows canonically and idempotently.
@Suite struct ScheduleFormatTests {
  func format(_ text: String) throws -> String {
    try RuleFormatter.format(SourceFile(name: "t.rules", text: text))
  }

  @Test func rowAndTestWindowsAreCanonical() throws {
    let messy = """
      segment everyone = country is set
      segment ios = platform == "iOS"
      test launch   version "l-1"   from   "2026-12-01T00:00:00Z" {
        variation a 50% { p -> paywall pa }
        variation b 50% { p -> paywall pb }
      }
      placement p: paywall {
        everyone   from "2026-12-20T00:00:00+01:00"   until "2027-01-05T00:00:00+01:00"->paywall christmas
        ios -> test launch
        everyone->test t version "t-1" until "2027-01-01T00:00:00Z" {paywall a 50%,paywall b 50%}
        default -> paywall standard
      }
      """
    let expected = """
      segment everyone = country is set
      segment ios = platform == "iOS"

      test launch version "l-1" from "2026-12-01T00:00:00Z" {
        variation a 50% {
          p -> paywall pa
        }
        variation b 50% {
          p -> paywall pb
        }
      }

      placement p: paywall {
        everyone from "2026-12-20T00:00:00+01:00" until "2027-01-05T00:00:00+01:00" -> paywall christmas
        ios      -> test launch
        everyone -> test t version "t-1" until "2027-01-01T00:00:00Z" { paywall a 50%, paywall b 50% }
        default  -> paywall standard
      }

      """
    let once = try format(messy)
    #expect(once == expected)
    #expect(try format(once) == once)
  }

  @Test func aChangedWindowChangesTheFingerprint() throws {
    let a = Parser.parse(
      SourceFile(name: "a", text: "placement p: paywall {\n  s from \"2026-12-20T00:00:00Z\" -> paywall x\n}\n")
    ).0
    let b = Parser.parse(
      SourceFile(name: "b", text: "placement p: paywall {\n  s until \"2026-12-20T00:00:00Z\" -> paywall x\n}\n")
    ).0
    #expect(SyntaxFingerprint.of(a.declarations) != SyntaxFingerprint.of(b.declarations))
  }
}
