import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct DuplicateRowSegmentTests {
  @Test func secondRowWithTheSameSegmentWarnsOnceAndIsNotAlsoUnreachable() {
    let rules = """
      segment us = country == "US"
      placement p: flow {
        us -> flow a
        1️⃣us -> flow b
        default -> flow c
      }
      """
    let found = expectFindings(rules, DuplicateRowSegment.id)
    #expect(found.first?.message == "segment 'us' already has a row in placement 'p'")
    #expect(findings(MarkedRules(rules).text, UnreachableRow.id).isEmpty)
  }
}
