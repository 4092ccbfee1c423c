import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `cap-in-test`: a frequency cap on a test's row keeps capped profiles out of the test.
@Suite struct CapInTestTests {
  @Test func aCappedTestRowIsReportedAndACappedPaywallRowIsNot() {
    let rules = MarkedRules(
      """
      segment everyone = country is set
      segment us = country == "US"
      placement main_paywall: paywall {
        us limit 3 per 7 days -> paywall winback
        1️⃣everyone limit 3 per 7 days -> test price { paywall cheap 50%, paywall dear 50% }
        default -> paywall standard
      }
      """)
    let found = Linter.run(compile(rules.text)).diagnostics.filter { $0.code == CapInTest.id }
    #expect(positions(found) == rules.positions)
    #expect(
      found.first?.message
        == "row 1 'everyone' of placement 'main_paywall' caps test 'price': capped profiles never enter it, which skews its split"
    )
  }
}
