import Testing

@testable import PlacementAnalysis
@testable import PlacementCore
@testable import PlacementKit

@Suite struct EmptyStringInListTests {
  @Test func emptyStringInAListIsAnErrorWithARemovalFixIt() throws {
    let rules = "segment a = language in [\"en\", 1️⃣\"\"]"
    let finding = try #require(expectFindings(rules, EmptyStringInList.id).first)
    #expect(finding.severity == .error)
    #expect(finding.message == "empty string in the list of 'language' never matches")
    let fix = try #require(finding.fixIts.first)
    #expect(fix.span.file.text(of: fix.span.range) == ", \"\"")
    #expect(fix.replacement == "")
  }

  @Test func nonEmptyStringsPass() {
    #expect(findings("segment a = language in [\"en\", \" \"]", EmptyStringInList.id).isEmpty)
  }
}
