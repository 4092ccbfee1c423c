import Foundation
import Testing

/// `Examples/AdaptyDialect`, a rules folder under `dialect adapty`, through the CLI: its rule tests pass, and
/// `audiences`, `resolve --explain` and `lint` say what the dialect means.
@Suite struct AdaptyDialectExampleTests {
  let rules = ["--rules", repo("Examples/AdaptyDialect")]
  static let note =
    "dialect adapty: a negation (!=, not in, not …) never matches a profile without the attribute it tests"

  @Test func itsRuleTestsPass() {
    let run = placement(["test", repo("Examples/AdaptyDialect")])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out == "7 passed, 0 failed\n")
  }

  @Test func audiencesShowTheDialectInTextAndJSON() {
    let text = placement(["audiences", "onboarding"] + rules)
    #expect(text.status == 0, "\(text.err)")
    #expect(text.out.replacingOccurrences(of: "\n  ", with: " ").contains(Self.note))
    let json = placement(["audiences", "onboarding", "--format", "json"] + rules)
    #expect(json.out.contains(#""dialect":"adapty"}"#))
    let plain = placement(["audiences", "main_paywall", "--format", "json"])
    #expect(!plain.out.contains("dialect"))
  }

  /// The list of placements ends with the same note, and its JSON with the same member, as a table does.
  @Test func theListOfPlacementsShowsTheDialect() {
    let text = placement(["audiences"] + rules)
    #expect(text.status == 0, "\(text.err)")
    #expect(text.out.replacingOccurrences(of: "\n  ", with: " ").contains("\n\n" + Self.note))
    let json = placement(["audiences", "--format", "json"] + rules)
    #expect(json.out.hasSuffix(#","dialect":"adapty"}"# + "\n"))
    #expect(!placement(["audiences"]).out.contains("dialect"))
    #expect(!placement(["audiences", "--format", "json"]).out.contains("dialect"))
  }

  @Test func explainShowsTheAddedPresenceTestAndTheDialect() throws {
    let run = placement(
      ["resolve", "--profile", "-", "--placement", "onboarding", "--explain", "--format", "text"] + rules,
      stdin: [#"{"profile_id": "x"}"#])
    #expect(run.status == 0, "\(run.err)")
    let lines = run.out.split(separator: "\n").map(String.init)
    #expect(lines.contains("  row 0 outside_russia: no match: country is set (seen: country = missing)"))
    #expect(lines.last?.hasPrefix("  " + Self.note) == true)
    let json = placement(
      ["resolve", "--profile", "-", "--placement", "onboarding", "--explain"] + rules, stdin: [#"{"profile_id": "x"}"#])
    #expect(json.out.hasSuffix(#"}],"dialect":"adapty"}"# + "\n"), "\(json.out)")
    let plain = placement(
      ["resolve", "--profile", "-", "--placement", "onboarding"] + rules, stdin: [#"{"profile_id": "x"}"#])
    #expect(!plain.out.contains("dialect"))
  }

  @Test func theNegationLintIsQuietUnderAdapty() {
    let run = placement(["lint", repo("Examples/AdaptyDialect")])
    #expect(run.status == 0, "\(run.err)")
    #expect(!run.out.contains("negation-includes-missing"))
  }
}
