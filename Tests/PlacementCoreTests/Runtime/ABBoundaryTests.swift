import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// Edge buckets and stickiness, through `RuleSet.resolve`.
@Suite struct ABBoundaryTests {
  /// `everyone` admits every profile with an id, so a test row decides unless the draw falls off the walk.
  private func testRules(_ variations: String, version: String) -> RuleSet? {
    ruleSet(
      """
      segment everyone = percent(100) salt "everyone"
      placement p: paywall {
        everyone -> test t version "\(version)" { \(variations) }
        default  -> paywall fallback
      }
      """)
  }

  @Test(arguments: [
    "a: paywall a 50%, b: paywall b 50%",
    "a: paywall a 70%, b: paywall b 30%",
    "a: paywall a 1%, b: paywall b 1%, c: paywall c 98%",
    "a: paywall a 10%, b: paywall b 20%, c: paywall c 30%, d: paywall d 40%",
  ])
  func bucket99GetsTheLastVariationNeverTheDefaultRow(_ variations: String) throws {
    let rules = try #require(testRules(variations, version: "edge-1"))
    let id = profileID(withBucket: 99, in: "edge-1")
    let decision = rules.decide("p", id: id)
    #expect(decision.abTest?.bucket == 99)
    #expect(decision.audience.name == "everyone")
    guard case .test(let test) = rules.placements[0].rows[0].content else { return }
    #expect(decision.abTest?.variation == test.variations.last?.id)
  }

  @Test func buckets49And50LandOnDifferentVariations() throws {
    let rules = try #require(testRules("b: paywall b 50%, a: paywall a 50%", version: "edge-2"))
    let at49 = rules.decide("p", id: profileID(withBucket: 49, in: "edge-2"))
    let at50 = rules.decide("p", id: profileID(withBucket: 50, in: "edge-2"))
    #expect(at49.abTest?.bucket == 49)
    #expect(at50.abTest?.bucket == 50)
    // Sorted (50, "a"), (50, "b"): 49 - 50 < 0 stops at a; 50 - 50 = 0 goes on to b.
    #expect(at49.abTest?.variation == "a")
    #expect(at50.abTest?.variation == "b")
    #expect(at49.content == .paywall(id: "a"))
    #expect(at50.content == .paywall(id: "b"))
  }

  /// Expected values computed independently (Python hashlib) from `MD5("sticky-2026-<id>")`: buckets 61, 83, 70,
  /// 68, 51, 81, 0, 61 walked over control 30 / a 35 / b 35. They must never change: a backend and the SDK
  /// predict variants from them in other processes.
  static let sticky = [
    ("3f1c2a9e-5b7d-4e21-9c0a-7d8e6f5a4b32", 61, "a"), ("user-1", 83, "b"), ("user-2", 70, "b"),
    ("user-3", 68, "b"), ("alice", 51, "a"), ("bob", 81, "b"), ("carol", 0, "control"), ("dave", 61, "a"),
  ]

  @Test func sameVariationInEveryProcess() throws {
    let rules = try #require(
      testRules("control: paywall c 30%, a: paywall pa 35%, b: paywall pb 35%", version: "sticky-2026"))
    for (id, bucket, variation) in Self.sticky {
      let decision = rules.decide("p", id: id)
      #expect(decision.abTest?.bucket == bucket, "\(id)")
      #expect(decision.abTest?.variation == variation, "\(id)")
    }
  }

  @Test func anEditThatKeepsTheVersionKeepsAssignments() throws {
    let before = try #require(
      testRules("control: paywall c 30%, a: paywall pa 35%, b: paywall pb 35%", version: "sticky-2026"))
    // New content, variations written in another order, a row above that matches nobody: same version.
    let after = try #require(
      ruleSet(
        """
        # edited
        segment nobody = percent(0) salt "nobody"
        segment everyone = percent(100) salt "everyone"
        placement p: paywall {
          nobody   -> paywall never
          everyone -> test t version "sticky-2026" { b: paywall pb_v2 35%, a: paywall pa_v2 35%, control: paywall c 30% }
          default  -> paywall fallback
        }
        """))
    for (id, _, variation) in Self.sticky { #expect(after.variation("p", id: id) == variation, "\(id)") }
    for i in 0..<2_000 { #expect(before.variation("p", id: "u\(i)") == after.variation("p", id: "u\(i)")) }
  }

  @Test func aDerivedVersionSurvivesContentEditsButNotARename() throws {
    let text = "placement p: paywall { default -> test t { a: paywall a 50%, b: paywall b 50% } }"
    let original = try #require(ruleSet(text))
    let edited = try #require(ruleSet(text.replacingOccurrences(of: "paywall a 50%", with: "paywall a2 50%")))
    let renamed = try #require(ruleSet(text.replacingOccurrences(of: "test t", with: "test t2")))
    #expect(original.decide("p", id: "x").abTest?.versionID == "p/default/t")
    #expect(renamed.decide("p", id: "x").abTest?.versionID == "p/default/t2")
    var changedByRename = 0
    for i in 0..<1_000 {
      #expect(original.variation("p", id: "u\(i)") == edited.variation("p", id: "u\(i)"))
      if original.variation("p", id: "u\(i)") != renamed.variation("p", id: "u\(i)") { changedByRename += 1 }
    }
    #expect((400...600).contains(changedByRename), "\(changedByRename) of 1000 re-drawn")
  }

  @Test func aNewVersionRedrawsAboutHalfOfA5050Test() throws {
    let v1 = try #require(testRules("a: paywall a 50%, b: paywall b 50%", version: "redraw-v1"))
    let v2 = try #require(testRules("a: paywall a 50%, b: paywall b 50%", version: "redraw-v2"))
    var changed = 0
    for i in 0..<10_000 where v1.variation("p", id: "u\(i)") != v2.variation("p", id: "u\(i)") { changed += 1 }
    #expect((4_700...5_300).contains(changed), "\(changed) of 10000 re-drawn")
  }
}
