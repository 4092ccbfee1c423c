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

  @Test func aSingleEqualsInAnEventQueryIsOneErrorSayingDoubleEquals() {
    #expect(
      Self.rendered(
        """
        segment seen = count(event "shown" where placement = "m" within last 7 days) > 1
        placement p: paywall {
          default -> paywall d
        }
        """) == """
          test.rules:1:52: error: '=' is not an operator here: use '==' [operator-spelling]
           1 | segment seen = count(event "shown" where placement = "m" within last 7 days) > 1
             |                                                    ^
             = fix-it: use '=='


          """)
  }

  @Test func aSecondWithinLastInAnEventQueryIsOneError() {
    #expect(
      Self.rendered(
        """
        segment seen = count(event "shown" within last 7 days within last 3 days) > 1
        placement p: paywall {
          default -> paywall d
        }
        """) == """
          test.rules:1:55: error: expected ')' to close the event query: a query has one 'within last' window, \
          found 'within' [expected-token]
           1 | segment seen = count(event "shown" within last 7 days within last 3 days) > 1
             |                                                       ^~~~~~


          """)
  }

  @Test func anUnquotedListPathAsksForQuotes() {
    #expect(
      Self.rendered(
        """
        list x from lists/dup.txt
        placement p: paywall {
          default -> paywall d
        }
        """) == """
          test.rules:1:13: error: expected the list file's path in quotes, e.g. 'from "lists/vip_ids.txt"', \
          found 'lists' [expected-token]
           1 | list x from lists/dup.txt
             |             ^~~~~


          """)
  }

  @Test func aPercentageFollowedByTheSaltSaysWhatMayFollow() {
    #expect(
      Self.rendered(
        """
        segment s = percent(5 "salt")
        placement p: paywall {
          default -> paywall d
        }
        """) == """
          test.rules:1:23: error: expected ')' after the percentage, or 'from' and an instant to start a ramp, \
          e.g. 'percent(5) salt "s"', found string "salt" [expected-token]
           1 | segment s = percent(5 "salt")
             |                       ^~~~~~


          """)
  }
}
