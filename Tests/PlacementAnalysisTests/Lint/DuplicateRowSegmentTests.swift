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

  /// A capped row is skipped once the profile reached its cap, so a row below it whose segment is the same, or
  /// implies it, is where those profiles go: neither a duplicate nor unreachable.
  @Test func aRowBelowACappedRowIsAFallback() {
    let rules = """
      segment us = country == "US"
      segment us_new = country == "US" and app_version >= 2
      placement p: paywall {
        us limit 3 per 7 days -> paywall a
        us -> paywall b
        default -> paywall d
      }
      placement q: paywall {
        us limit 3 per 7 days -> paywall a
        us_new -> paywall c
        default -> paywall d
      }
      """
    #expect(findings(rules, DuplicateRowSegment.id).isEmpty)
    #expect(findings(rules, UnreachableRow.id).isEmpty)
  }
}
