import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// `placement diff` and lint with frequency caps: a capped row is skipped by the profiles that reached its cap,
/// so the rows below it stay reachable and a change there is never called equivalent.
@Suite struct CapDiffTests {
  static func rules(_ below: String) -> String {
    """
    attribute tier: choice(gold, silver)
    segment gold = tier == gold
    placement p: paywall {
      gold limit 3 per 7 days -> paywall winback
      gold -> paywall \(below)
      default -> paywall standard
    }
    """
  }

  @Test func aChangeBelowACappedRowOfTheSameSegmentIsNotEquivalent() throws {
    let report = try diffOf(Self.rules("a"), Self.rules("b"))
    let p = try #require(report.placements.first { $0.name == "p" })
    #expect(p.status == .unknown)
    #expect(!report.isEquivalent)
    #expect(
      p.undecided == [
        "old row 1 'gold' → new row 1 'gold': profiles reach both rows, but none was found that gets paywall a → "
          + "paywall b"
      ])
  }

  @Test func aRowBelowACappedRowDoesNotShadow() {
    let compilation = compile(Self.rules("a"))
    let rows = compilation.ruleSet?.placements.first?.rows ?? []
    #expect(rows.count == 3)
    #expect(rows.map(RowFacts.decidesWhenLive) == [false, true, true])
  }

  @Test func aChangedCapIsNotEquivalent() throws {
    func rules(_ cap: String) -> String {
      """
      attribute tier: choice(gold, silver)
      segment gold = tier == gold
      placement p: paywall {
        gold\(cap) -> paywall winback
        default -> paywall standard
      }
      """
    }
    // A gold profile shown winback 3 times this week is capped by the first and decided by the second (or the
    // other way round): each pair differs.
    for (old, new) in [
      (" limit 3 per 7 days", " limit 5 per 7 days"), (" limit 3 per 7 days", " limit 3 per 1 day"),
      (" limit 3 per 7 days", ""), ("", " limit 3 per 7 days"),
    ] {
      let report = try diffOf(rules(old), rules(new))
      let p = try #require(report.placements.first { $0.name == "p" })
      #expect(p.status != .equivalent, "'\(old)' → '\(new)'")
      #expect(!report.isEquivalent)
    }
    let same = try diffOf(rules(" limit 3 per 7 days"), rules(" limit 3 per 7 days"))
    #expect(same.isEquivalent)
  }
}
