import PlacementKit
import TestSupport
import Testing

/// A ``RuleStore`` with an ``AssignmentStore``: a `sticky` test's draws are stored and honoured after the test is
/// re-weighted, and a profile's own carried assignment wins over the stored one.
@Suite struct StickyAssignmentStoreTests {
  static func rules(_ weights: (a: Int, b: Int)) -> String {
    """
    placement home: flow {
      default -> test copy version "copy-1" sticky { a: flow a \(weights.a)%, b: flow b \(weights.b)% }
    }
    """
  }

  static let ids = (0..<1_000).map { "sticky-\($0)" }

  @Test func theRuleStoreConsultsAndUpdatesItsAssignmentStore() throws {
    let store = InMemoryAssignmentStore()
    let rules = RuleStore(try #require(ruleSet(Self.rules((50, 50)))), assignments: store)
    let ids = Self.ids
    var first: [String: String] = [:]
    for id in ids {
      first[id] = try rules.resolve("home", for: Profile(profileID: id)).abTest?.variation
    }
    #expect(store.all.count == 1_000)
    #expect(store.all.mapValues { $0["copy-1"]! } == first)
    #expect(rules.reload(sources: [RuleSource(name: "r.rules", text: Self.rules((90, 10)))]).outcome == .applied)
    for id in ids {
      let decision = try rules.resolve(
        "home", jsonBytes: Array(#"{"profile_id":"\#(id)"}"#.utf8), options: ResolveOptions(now: pinnedNow))
      #expect(decision.abTest?.variation == first[id])
      #expect(decision.reason == .sticky)
    }
    // A profile's own carried assignment wins over the stored one.
    var carrying = Profile(profileID: ids[0])
    carrying.assignments = ["copy-1": first[ids[0]] == "a" ? "b" : "a"]
    #expect(try rules.resolve("home", for: carrying).abTest?.variation != first[ids[0]])
  }
}

/// Sticky assignments through a ``RuleStore`` shared by concurrent requests while its rules are re-weighted
/// (run under Thread Sanitizer by `.ci/run`, whose filter matches this suite's name).
@Suite struct StickyRuleStoreTests {
  @Test func concurrentRequestsKeepTheirAssignmentsAcrossReloads() async throws {
    let store = InMemoryAssignmentStore()
    let rules = RuleStore(try #require(ruleSet(StickyAssignmentStoreTests.rules((50, 50)))), assignments: store)
    let mismatches = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<4 {
        group.addTask {
          var mismatches = 0
          for index in 0..<250 {
            let profile = Profile(profileID: "w\(worker)-\(index)")
            let first = try? rules.resolve("home", for: profile, options: ResolveOptions(now: pinnedNow)).abTest?
              .variation
            let again = try? rules.resolve("home", for: profile, options: ResolveOptions(now: pinnedNow))
            if again?.abTest?.variation != first || again?.reason != .sticky { mismatches += 1 }
          }
          return mismatches
        }
      }
      group.addTask {
        for round in 0..<20 {
          let weights = round % 2 == 0 ? (90, 10) : (50, 50)
          _ = rules.reload(sources: [RuleSource(name: "r.rules", text: StickyAssignmentStoreTests.rules(weights))])
        }
        return 0
      }
      return await group.reduce(0, +)
    }
    #expect(mismatches == 0)
    #expect(store.all.count == 1_000)
  }
}
