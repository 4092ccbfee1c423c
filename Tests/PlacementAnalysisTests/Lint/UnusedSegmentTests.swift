import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct UnusedSegmentTests {
  @Test func segmentWithoutRowOrReferenceWarns() {
    let rules = """
      segment us = country == "US"
      segment us_adults = us and age >= 18
      segment 1️⃣unused = country == "CA"
      placement p: flow {
        us_adults -> flow a
        default -> flow c
      }
      """
    let found = expectFindings(rules, UnusedSegment.id)
    #expect(found.first?.message == "segment 'unused' is not used by any row or segment")
  }
}
