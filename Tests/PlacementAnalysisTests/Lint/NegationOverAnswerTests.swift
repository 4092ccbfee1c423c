import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct NegationOverAnswerTests {
  @Test func notEqualOverAQuizAnswerWarnsWithTheIsSetHintAndFixIt() throws {
    let rules = "\(quizAttributes)\nsegment casual = 1️⃣experience != pro"
    let finding = try #require(expectFindings(rules, NegationOverAnswer.id).first)
    #expect(finding.severity == .warning)
    #expect(finding.message == "'experience != pro' also matches profiles that never answered 'experience'")
    #expect(
      finding.notes.first?.message
        == "hint: add 'and experience is set' unless profiles without an answer are meant to match")
    #expect(witnessJSON(finding) == "{}")
    #expect(finding.fixIts.map(\.replacement) == ["experience != pro and experience is set"])
  }

  @Test func theFixItRemovesTheFinding() throws {
    let rules = "\(quizAttributes)\nsegment casual = experience != pro"
    let fix = try #require(findings(rules, NegationOverAnswer.id).first?.fixIts.first)
    let fixed = rules.replacingCharacters(
      in: rules.utf8.index(
        rules.startIndex, offsetBy: fix.span.range.start)..<rules.utf8.index(
          rules.startIndex, offsetBy: fix.span.range.end), with: fix.replacement)
    #expect(findings(fixed, NegationOverAnswer.id).isEmpty)
    #expect(try segment("casual", of: fixed, matches: "{}") == false)
  }

  @Test func disableCommentSuppressesItButTheRunStillReportsIt() throws {
    let rules = """
      \(quizAttributes)
      # placement-lint: disable=negation-over-answer
      segment casual = experience != pro
      segment other = experience not in [pro] # placement-lint: disable=negation-over-answer
      """
    #expect(findings(rules, NegationOverAnswer.id).isEmpty)
    let suppressed = lintRun(rules).findings.filter { $0.diagnostic.code == NegationOverAnswer.id }
    #expect(suppressed.count == 2)
    #expect(suppressed.allSatisfy { $0.isSuppressed })
  }

  @Test(arguments: [
    ("segment s = 1️⃣not reminders", "not reminders and reminders is set"),
    ("segment s = 1️⃣not (experience == pro) and age > 3", "not (experience == pro) and experience is set"),
    ("segment s = age > 3 or 1️⃣interests is not empty", "interests is not empty and interests is set"),
    ("segment s = 1️⃣experience not in [pro, amateur]", "experience not in [pro, amateur] and experience is set"),
    ("segment s = not not 1️⃣experience != pro", "(experience != pro and experience is set)"),
  ])
  func negationSitesAndFixIts(condition: String, replacement: String) {
    let found = expectFindings("\(quizAttributes)\n\(condition)", NegationOverAnswer.id)
    #expect(found.first?.fixIts.first?.replacement == replacement)
  }

  @Test(arguments: [
    "experience != pro and experience is set",
    "experience is set and not (experience == pro)",
    "country != \"US\"",
    "not (not (experience == pro))",
    "experience is not set",
    "experience == pro",
    "reminders == false",
  ])
  func guardedPositiveOrBuiltinConditionsAreNotReported(condition: String) {
    expectFindings("\(quizAttributes)\nsegment s = \(condition)", NegationOverAnswer.id)
  }

  @Test func requirementThroughAReferencedSegmentCounts() {
    let rules = """
      \(quizAttributes)
      segment answered = experience is set
      segment casual = answered and experience != pro
      """
    #expect(findings(rules, NegationOverAnswer.id).isEmpty)
  }
}
