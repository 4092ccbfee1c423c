import Testing

@testable import PlacementCore
@testable import PlacementFormat
@testable import PlacementKit

/// `placement fmt` prints event queries and row caps canonically and idempotently.
@Suite struct EventFormatTests {
  func format(_ text: String) throws -> String {
    try RuleFormatter.format(SourceFile(name: "t.rules", text: text))
  }

  @Test func eventQueriesAndCapsAreCanonical() throws {
    let messy = """
      segment fatigued = count( event "shown"   where placement=="main_paywall" within last 7   days ) >= 3
      segment lapsed = last_at(event "purchase") more than 30 days ago and first_at(event "app_open") is set
      placement main_paywall: paywall {
        lapsed   limit 3   per 7 days->paywall winback
        fatigued -> paywall light
        default -> paywall standard
      }
      """
    let expected = """
      segment fatigued = count(event "shown" where placement == "main_paywall" within last 7 days) >= 3
      segment lapsed = last_at(event "purchase") more than 30 days ago
        and first_at(event "app_open") is set

      placement main_paywall: paywall {
        lapsed limit 3 per 7 days -> paywall winback
        fatigued -> paywall light
        default  -> paywall standard
      }

      """
    let formatted = try format(messy)
    #expect(formatted == expected)
    #expect(try format(formatted) == formatted)
  }
}
