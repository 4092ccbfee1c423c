import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `""` in a list is a present value wherever it can reach the attribute, so the finding never claims the
/// element cannot match and never offers a fix that would change which profiles match. One test per source
/// kind of the attribute: quiz, input, toggle, custom without a source, built-in.
@Suite struct EmptyStringInListTests {
  static let placement = """
    placement p: flow {
      s -> flow a
      default -> flow z
    }
    """

  /// A quiz answer is an option id, and `""` is none: the compiler rejects the element, lint adds nothing.
  @Test func aQuizAttributeCannotListTheEmptyString() {
    let rules = quizAttributes + "\nsegment s = experience in [\"pro\", \"\"]\n" + Self.placement
    #expect(compile(rules).diagnostics.map(\.code) == [SemanticsCatalog.unknownOption])
    #expect(findings(rules, EmptyStringInList.id).isEmpty)
  }

  /// A toggle is a bool: `in` does not apply, so the compiler rejects the list and lint adds nothing.
  @Test func aToggleAttributeCannotListTheEmptyString() {
    let rules = quizAttributes + "\nsegment s = reminders in [\"\"]\n" + Self.placement
    #expect(compile(rules).diagnostics.map(\.code) == [SemanticsCatalog.unsupportedOperator])
    #expect(findings(rules, EmptyStringInList.id).isEmpty)
  }

  /// A flow input never answers `""` (a cleared field removes the attribute), but `custom_attributes` may
  /// store it: a warning without a fix, and the element does match such a profile.
  @Test func anInputAttributeWarnsWithoutAFixAndMatchesAStoredEmptyString() throws {
    let rules = """
      attribute email: string from input "email"
      segment s = email in ["a@b.c", 1️⃣""]
      """ + "\n" + Self.placement
    let finding = try #require(expectFindings(rules, EmptyStringInList.id).first)
    #expect(finding.severity == .warning)
    #expect(finding.message == "empty string in the list of 'email' matches only the value \"\", not a missing one")
    #expect(
      finding.notes.map(\.message) == [
        "a cleared answer removes 'email' rather than storing \"\"", "use 'email is not set' to test for no value",
      ])
    #expect(finding.fixIts.isEmpty)
    let text = MarkedRules(rules).text
    #expect(try segment("s", of: text, matches: #"{"custom_attributes":{"email":""}}"#))
    #expect(try !segment("s", of: text, matches: #"{"custom_attributes":{"email":"x"}}"#))
    // A cleared answer removes the stored value: the profile has no email, and `""` does not match it.
    let cleared =
      #"{"custom_attributes":{"email":""},"events":[{"name":"flow_user_input","instanceId":"s1","element_id":"email","element_type":"email_input","value":""}]}"#
    #expect(try !segment("s", of: text, matches: cleared))
    #expect(findings(MarkedRules(rules).text, NeverMatches.id).isEmpty)
  }

  /// A custom attribute without a source is read from `custom_attributes` alone, where `""` is present.
  @Test func aCustomAttributeWithoutSourceWarnsWithoutAFix() throws {
    let rules = """
      attribute nick: string
      segment s = nick not in ["bot", 1️⃣""]
      """ + "\n" + Self.placement
    let finding = try #require(expectFindings(rules, EmptyStringInList.id).first)
    #expect(finding.severity == .warning)
    #expect(finding.message == "empty string in the list of 'nick' excludes only the value \"\", not a missing one")
    #expect(
      finding.notes.map(\.message) == [
        "Adapty removes a custom attribute set to \"\"", "use 'nick is not set' to test for no value",
      ])
    #expect(finding.fixIts.isEmpty)
    let text = MarkedRules(rules).text
    #expect(try !segment("s", of: text, matches: #"{"custom_attributes":{"nick":""}}"#))
    #expect(try segment("s", of: text, matches: #"{"custom_attributes":{"nick":"ann"}}"#))
  }

  /// A built-in member may be `""`: an info, no fix, and `country in ["DE", ""]` matches `"country": ""`.
  @Test func aBuiltinAttributeIsAnInfoWithoutAFix() throws {
    let rules = "segment s = country in [\"DE\", 1️⃣\"\"]\n" + Self.placement
    let finding = try #require(expectFindings(rules, EmptyStringInList.id).first)
    #expect(finding.severity == .info)
    #expect(finding.message == "empty string in the list of 'country' matches only the value \"\", not a missing one")
    #expect(finding.notes.map(\.message) == ["use 'country is not set' to test for no value"])
    #expect(finding.fixIts.isEmpty)
    let text = MarkedRules(rules).text
    #expect(try segment("s", of: text, matches: #"{"country":""}"#))
    #expect(try !segment("s", of: text, matches: "{}"))
    #expect(!lintRun(text).diagnostics.contains { $0.severity == .error })
  }

  @Test func nonEmptyStringsPass() {
    #expect(findings("segment a = language in [\"en\", \" \"]", EmptyStringInList.id).isEmpty)
  }
}
