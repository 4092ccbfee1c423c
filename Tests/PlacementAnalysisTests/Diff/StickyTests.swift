import TestSupport
import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// Sticky assignments: a `sticky` test honours the assignment a profile carries for its
/// version while that variation exists, so re-weighting it moves nobody already assigned.
@Suite struct StickyTests {
  static func rules(_ weights: (a: Int, b: Int), sticky: Bool = true, extra: String = "") -> String {
    """
    placement home: flow {
      default -> test copy version "copy-1"\(sticky ? " sticky" : "") { a: flow a \(weights.a)%, b: flow b \(weights.b)%\(extra) }
    }
    """
  }

  static let ids = (0..<10_000).map { "sticky-\($0)" }

  /// Resolves `home` for `id` carrying `assignments`.
  static func variation(_ rules: RuleSet, _ id: String, carrying assignments: [String: String] = [:]) -> Decision {
    var profile = Profile(profileID: id)
    profile.assignments = assignments
    return try! rules.resolve("home", for: rules.bind(profile), options: ResolveOptions(now: pinnedNow))
  }

  @Test func reweightingMovesNobodyWhoCarriesAnAssignment() throws {
    let before = try #require(ruleSet(Self.rules((50, 50))))
    let after = try #require(ruleSet(Self.rules((90, 10))))
    var assigned: [String: String] = [:]
    for id in Self.ids {
      let decision = Self.variation(before, id)
      #expect(decision.reason == .split)
      // Not `#require`: its redundancy check takes this optional for a non-optional and warns.
      guard let variation = before.newAssignments(decision.exposures)["copy-1"] else {
        Issue.record("no assignment for \(id)")
        continue
      }
      assigned[id] = variation
    }
    #expect(assigned.values.filter { $0 == "a" }.count == 5_040)

    var kept = 0
    var movedWithout: [String] = []
    for id in Self.ids {
      let carried = Self.variation(after, id, carrying: ["copy-1": assigned[id]!])
      if carried.abTest?.variation == assigned[id], carried.reason == .sticky,
        carried.exposures.map(\.outcome) == [.sticky], after.newAssignments(carried.exposures).isEmpty
      {
        kept += 1
      }
      if Self.variation(after, id).abTest?.variation != assigned[id] { movedWithout.append(id) }
    }
    #expect(kept == 10_000)
    // Without their assignments, exactly the profiles in buckets 0–9 (a → b) and 50–99 (b → a) move: 60 of the
    // 100 buckets, because the draw sorts by weight (b 10 first, then a 90).
    let implied = Self.ids.filter {
      let bucket = Bucketing.bucket(versionID: "copy-1", profileID: $0)
      return bucket < 10 || bucket >= 50
    }
    #expect(movedWithout == implied)
    #expect(movedWithout.count == 5_964)
    #expect(abs(Double(movedWithout.count) / 100 - 60) < 1)
    #expect(TestSafety.bucketMoves(before.test, after.test).reduce(0) { $0 + $1.buckets.count } == 60)
  }

  @Test func aCarriedVariationThatNoLongerExistsDrawsAndIsReportedAsNew() throws {
    let rules = try #require(ruleSet(Self.rules((50, 50))))
    let id = profileID(withBucket: 70, in: "copy-1")
    let decision = Self.variation(rules, id, carrying: ["copy-1": "c", "other-version": "a"])
    #expect(decision.abTest == ABAssignment(name: "copy", versionID: "copy-1", variation: "b", bucket: 70))
    #expect(decision.reason == .split)
    #expect(rules.newAssignments(decision.exposures) == ["copy-1": "b"])
  }

  @Test func aTestThatIsNotStickyIgnoresCarriedAssignments() throws {
    let rules = try #require(ruleSet(Self.rules((50, 50), sticky: false)))
    let id = profileID(withBucket: 70, in: "copy-1")
    let decision = Self.variation(rules, id, carrying: ["copy-1": "a"])
    #expect(decision.abTest?.variation == "b")
    #expect(rules.newAssignments(decision.exposures).isEmpty)
  }

  @Test func diffSaysASticklyReweightedTestMovesNobodyAssigned() throws {
    let before = try #require(ruleSet(Self.rules((50, 50))))
    let after = try #require(ruleSet(Self.rules((90, 10))))
    let span = after.placements[0].rows[0].span
    let finding = try #require(TestSafety.compare("home/copy", before.test, after.test, span: span))
    #expect(finding.kind == .stickyReweighted)
    #expect(finding.severity == .info)
    #expect(finding.reassignedFraction == 0)
    #expect(
      finding.message
        == "sticky test 'home/copy' keeps version 'copy-1': its draw changed for 60% of buckets (buckets 0–9: a → b; buckets 50–99: b → a), but nobody who carries an assignment moves; only profiles new to the test draw with the new weights"
    )
    // The same change without `sticky` is a reassignment of 60 %.
    let plainBefore = try #require(ruleSet(Self.rules((50, 50), sticky: false)))
    let plainAfter = try #require(ruleSet(Self.rules((90, 10), sticky: false)))
    let plain = try #require(TestSafety.compare("home/copy", plainBefore.test, plainAfter.test, span: span))
    #expect(plain.kind == .reassignsRunningTest)
    #expect(plain.reassignedFraction == 0.6)
  }

  @Test func diffCountsTheHoldersOfADroppedVariationOfAStickyTest() throws {
    let before = try #require(ruleSet(Self.rules((40, 40), extra: ", c: flow c 20%")))
    let after = try #require(ruleSet(Self.rules((50, 50))))
    let finding = try #require(
      TestSafety.compare("home/copy", before.test, after.test, span: after.placements[0].rows[0].span))
    #expect(finding.kind == .reassignsRunningTest)
    #expect(finding.reassignedFraction == 0.2)
    #expect(
      finding.message
        == "sticky test 'home/copy' keeps version 'copy-1' but drops variation 'c': the 20% of its profiles assigned to it re-draw; the others keep their variation"
    )
  }
}

extension RuleSet {
  /// The test of the first row of the first placement.
  fileprivate var test: ABTest {
    guard case .test(let test) = placements[0].rows[0].content else { fatalError("no test") }
    return test
  }
}
