import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct DuplicateListElementTests {
  @Test func repeatedElementsWarnWithTheFirstPlaceAndARemoval() throws {
    let rules = """
      \(quizAttributes)
      segment eu = country in ["DE", "FR", 1️⃣"DE"]
      segment some = experience in [pro, amateur, 2️⃣"pro"]
      segment ages = age in [18, 3️⃣18.0, 21]
      """
    let found = expectFindings(rules, DuplicateListElement.id)
    #expect(found.first?.message == "\"DE\" is listed twice")
    #expect(found.first?.notes.first?.span?.location.description == "4:26")
    let fix = try #require(found.first?.fixIts.first)
    #expect(fix.span.file.text(of: fix.span.range) == ", \"DE\"")
  }

  @Test func distinctElementsPass() {
    #expect(findings("segment eu = country in [\"DE\", \"de\", \"FR\"]", DuplicateListElement.id).isEmpty)
  }
}
