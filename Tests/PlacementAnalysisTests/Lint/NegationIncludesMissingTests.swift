import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct NegationIncludesMissingTests {
  @Test func notEqualOverABuiltinWarnsWithTheIsSetHintAndFixIt() throws {
    let rules = "segment outside_ru = 1️⃣country != \"RU\""
    let finding = try #require(expectFindings(rules, NegationIncludesMissing.id).first)
    #expect(finding.severity == .warning)
    #expect(finding.message == "'country != \"RU\"' also matches profiles without 'country'")
    #expect(
      finding.notes.first?.message
        == "hint: add 'and country is set' unless profiles without it are meant to match, or declare 'dialect adapty'"
    )
    #expect(witnessJSON(finding) == "{}")
    #expect(finding.fixIts.map(\.replacement) == ["country != \"RU\" and country is set"])
  }

  @Test func theFixItRemovesTheFinding() throws {
    let rules = "segment outside_ru = country not in [\"RU\", \"BY\"]"
    let fix = try #require(findings(rules, NegationIncludesMissing.id).first?.fixIts.first)
    #expect(fix.replacement == "country not in [\"RU\", \"BY\"] and country is set")
    let utf8 = rules.utf8
    let fixed = rules.replacingCharacters(
      in: utf8.index(
        rules.startIndex, offsetBy: fix.span.range.start)..<utf8.index(
          rules.startIndex, offsetBy: fix.span.range.end), with: fix.replacement)
    #expect(findings(fixed, NegationIncludesMissing.id).isEmpty)
    #expect(try segment("outside_ru", of: fixed, matches: "{}") == false)
    #expect(try segment("outside_ru", of: fixed, matches: #"{"country": "US"}"#) == true)
  }

  @Test(arguments: [
    ("segment s = 1️⃣not (age > 30)", "not (age > 30) and age is set"),
    ("attribute plan: string\nsegment s = 1️⃣plan != \"pro\"", "plan != \"pro\" and plan is set"),
    ("attribute vip: bool\nsegment s = 1️⃣not vip", "not vip and vip is set"),
    ("segment s = not not 1️⃣language != \"en\"", "(language != \"en\" and language is set)"),
    ("segment s = 1️⃣app_version not in [1.0, 2.0]", "app_version not in [1.0, 2.0] and app_version is set"),
  ])
  func negationSitesAndFixIts(condition: String, replacement: String) {
    let found = expectFindings(condition, NegationIncludesMissing.id)
    #expect(found.first?.fixIts.first?.replacement == replacement)
  }

  @Test(arguments: [
    "segment s = country != \"RU\" and country is set",
    "segment s = country is set and not (country == \"RU\")",
    "segment s = country is not set",
    "segment s = country == \"RU\"",
    "segment s = not percent(10) salt \"s\"",
    "\(quizAttributes)\nsegment s = experience != pro",
  ])
  func guardedPositiveRolloutOrAnswerConditionsAreNotReported(condition: String) {
    expectFindings(condition, NegationIncludesMissing.id)
  }

  @Test func aDisableCommentSuppressesIt() {
    let rules = """
      # placement-lint: disable=negation-includes-missing
      segment outside_ru = country != "RU"
      """
    #expect(findings(rules, NegationIncludesMissing.id).isEmpty)
    #expect(lintRun(rules).findings.filter { $0.diagnostic.code == NegationIncludesMissing.id }.count == 1)
  }
}
