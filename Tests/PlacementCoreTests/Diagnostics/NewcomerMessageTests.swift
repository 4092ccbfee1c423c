import TestSupport
import Testing

@testable import PlacementCore

/// Mistakes a newcomer makes first, each with the whole diagnostic output it gets, rendered as `placement lint`
/// prints it: one error that says what is wrong and what is expected, and nothing that follows from it.
@Suite struct NewcomerMessageTests {
  /// The rendered diagnostics of `rules`, compiled as `test.rules`.
  static func rendered(_ rules: String) -> String {
    DiagnosticRenderer().render(compile(rules).diagnostics)
  }

  @Test func aCapWindowOfZeroIsNamedACapWindow() {
    #expect(
      Self.rendered(
        """
        segment us = country == "US"
        placement p: paywall {
          us limit 3 per 0 days -> paywall a
          default -> paywall d
        }
        """) == """
          test.rules:3:18: error: a cap's window must be a whole number from 1 to 100000 [invalid-literal]
           3 |   us limit 3 per 0 days -> paywall a
             |                  ^


          """)
  }

  @Test func aCapOnTheDefaultRowHasItsOwnCode() {
    #expect(
      Self.rendered(
        """
        placement p: paywall {
          default limit 1 per 1 day -> paywall d
        }
        """) == """
          test.rules:2:11: error: the default row cannot have a cap: once the cap is reached nothing would decide [capped-default]
           2 |   default limit 1 per 1 day -> paywall d
             |           ^~~~~~~~~~~~~~~~~


          """)
  }
}
