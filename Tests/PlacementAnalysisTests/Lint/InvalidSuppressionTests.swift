import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct InvalidSuppressionTests {
  @Test func unknownCompilerAndMalformedDirectivesWarn() {
    let rules = """
      1️⃣# placement-lint: disable=negation-over-answers
      segment a = country == "US" 2️⃣# placement-lint: disable=unknown-segment
      3️⃣# placement-lint: enable=never-matches
      # placement-lint: disable=unused-segment
      segment b = country == "CA"
      """
    let found = expectFindings(rules, InvalidSuppression.id)
    #expect(
      found.map(\.message) == [
        "unknown lint code 'negation-over-answers' in a suppression comment",
        "'unknown-segment' is a compiler diagnostic and cannot be suppressed",
        "invalid suppression comment: expected 'disable=<code>' after 'placement-lint:'",
      ])
    #expect(found.first?.notes.first?.message == "did you mean 'negation-over-answer'?")
  }
}
