import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct UnreachableRowTests {
  /// Rules with two segments `a` and `b` (and the quiz attributes) and the rows `a`, `b`, default.
  func rules(_ a: String, _ b: String, marker: String = "1️⃣") -> String {
    """
    \(quizAttributes)
    segment a = \(a)
    segment b = \(b)
    placement p: flow {
      a -> flow x
      \(marker)b -> flow y
      default -> flow z
    }
    """
  }

  @Test func rowBelowASegmentThatAlwaysMatchesIsUnreachableNamingIt() {
    let found = expectFindings(
      rules("country is set or country is not set", "experience == pro"), UnreachableRow.id)
    #expect(
      found.first?.message == "row 1 'b' is unreachable: every profile it matches is already matched by row 0 'a'")
    #expect(found.first?.severity == .warning)
    #expect(found.first?.notes.first?.span?.location.description == "7:3")
  }

  @Test(arguments: [
    ("country in [\"US\"]", "country in [\"US\"] and age > 30"),
    ("experience in [pro, amateur]", "experience == pro"),
    ("age >= 18", "age >= 21"),
    ("country != \"US\"", "country is not set"),
    ("interests has any [music, yoga]", "interests has all [music, sports]"),
    ("app_version > 1.0.0", "app_version >= 1.0.1-0"),
    ("app_version > 1.0.0", "app_version >= 1.0.1-alpha"),
    ("not reminders", "reminders == false"),
    ("count(interests) >= 2", "interests has all [music, yoga]"),
    ("created_at >= \"2025-01-01\"", "created_at between \"2025-06-01\" and \"2025-07-01\""),
    ("country == \"us\" ignoring case", "country in [\"US\", \"Us\"]"),
    ("interests has all [music, yoga]", "interests has all [MUSIC, Yoga] ignoring case"),
  ])
  func impliedRowIsUnreachable(earlier: String, later: String) {
    let found = expectFindings(rules(earlier, later), UnreachableRow.id)
    #expect(found.first?.message.contains("by row 0 'a'") == true)
  }

  @Test(arguments: [
    ("age >= 21", "age >= 18"),
    ("country in [\"US\"] and age > 30", "country in [\"US\"]"),
    ("age >= 18", "age is not set"),
    ("country == \"US\"", "country != \"US\""),
    ("app_version > 1.0.0", "app_version >= 1.0.0"),
    ("experience == pro", "experience != pro"),
    ("interests has all [music, sports]", "interests has any [music, yoga]"),
    ("count(interests) >= 3", "interests has all [music, yoga]"),
    ("country == \"US\"", "country == \"us\" ignoring case"),
  ])
  func reachableRowIsNotReported(earlier: String, later: String) {
    expectFindings(rules(earlier, later, marker: ""), UnreachableRow.id)
  }

  @Test func rowCoveredByTwoEarlierRowsTogetherNamesBoth() {
    let text = """
      \(quizAttributes)
      segment pros = experience == pro
      segment others = experience in [beginner, amateur]
      segment answered = experience is set
      placement p: flow {
        pros -> flow a
        others -> flow b
        1️⃣answered -> flow c
        default -> flow d
      }
      """
    let found = expectFindings(text, UnreachableRow.id)
    #expect(found.first?.message.hasSuffix("by the earlier rows row 0 'pros', row 1 'others'") == true)
  }

  @Test func rowAfterAFallthroughRowIsReachable() {
    let text = """
      segment everyone = country is set or country is not set
      segment us = country == "US"
      placement p: flow {
        everyone -> fallthrough
        us -> flow a
        default -> flow b
      }
      """
    #expect(findings(text, UnreachableRow.id).isEmpty)
  }

  @Test func unmodelledProofIsAnInfoSayingMayBeUnreachable() {
    let text = """
      attribute email: string
      segment any_mail = email contains "@"
      segment gmail = email ends_with "@gmail.com"
      placement p: flow {
        any_mail -> flow a
        1️⃣gmail -> flow b
        default -> flow c
      }
      """
    let found = expectFindings(text, UnreachableRow.id)
    #expect(found.first?.severity == .info)
    #expect(
      found.first?.message
        == "row 1 'gmail' may be unreachable: no profile was found that matches it and none of the rows above")
    // The note names the tests that were not decided, not a list of what the reasoner cannot do in general.
    #expect(
      found.first?.notes.map(\.message) == [
        #"the linter cannot decide 'email ends_with "@gmail.com"' and 'email contains "@"'"#
      ])
  }

  @Test func unmodelledButWitnessedRowIsReachable() {
    let text = """
      attribute email: string
      segment any_mail = email contains "@"
      segment other = email starts_with "x"
      placement p: flow {
        any_mail -> flow a
        other -> flow b
        default -> flow c
      }
      """
    #expect(findings(text, UnreachableRow.id).isEmpty)
  }

  @Test func segmentThatNeverMatchesIsLeftToNeverMatches() {
    let text = rules("age >= 18", "age < 18 and age > 30", marker: "")
    #expect(findings(text, UnreachableRow.id).isEmpty)
    #expect(findings(text, NeverMatches.id).count == 1)
  }
}
