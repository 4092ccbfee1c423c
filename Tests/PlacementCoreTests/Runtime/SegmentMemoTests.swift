import Foundation
import TestSupport
import Testing

@testable import PlacementCore

/// One ``SegmentMemo`` per profile, shared by the resolutions of its placements (the batch's hot path): the same
/// resolutions as a fresh memo per placement, and each segment evaluated at most once per profile.
@Suite struct SegmentMemoTests {
  static let rules = """
    attribute experience: choice("beginner", "pro")
    segment pros = experience == "pro"
    segment adults = age >= 18
    segment adult_pros = pros and adults
    placement first: flow {
      adult_pros -> flow a1
      adults -> flow a2
      default -> flow a3
    }
    placement second: flow {
      adults -> flow b1
      pros -> flow b2
      default -> flow b3
    }
    """

  static let profiles = [
    #"{"profile_id":"p1","age":30,"custom_attributes":{"experience":"pro"}}"#,
    #"{"profile_id":"p2","age":12,"custom_attributes":{"experience":"pro"}}"#,
    #"{"profile_id":"p3","age":40,"custom_attributes":{"experience":"beginner"}}"#,
    #"{"profile_id":"p4"}"#,
  ]

  /// The shipped rules with the shipped batch profiles, and ``rules`` with ``profiles``.
  static func cases() throws -> [(ruleSet: RuleSet, lines: [String])] {
    let root = repositoryRoot
    let shipped = try shippedRuleSet()
    let small = try #require(Compilation.compile([RuleSource(name: "memo.rules", text: rules)]).ruleSet)
    let batch = try String(contentsOf: root.appendingPathComponent("Examples/profiles/batch.jsonl"), encoding: .utf8)
    return [(shipped, batch.split(separator: "\n").map(String.init)), (small, profiles)]
  }

  /// One comparison per profile, placement and placement order (two orders).
  static func comparisons(_ cases: [(ruleSet: RuleSet, lines: [String])]) -> Int {
    2 * cases.reduce(0) { $0 + $1.lines.count * $1.ruleSet.placements.count }
  }

  /// Counts the evaluations of each program node.
  struct CountingObserver: ResolutionObserver {
    var counts: [Int: Int] = [:]
    mutating func node(_ index: Int, holds: Bool) { counts[index, default: 0] += 1 }
    mutating func row(_ row: Int, segment: Int?, outcome: RowEvent) {}
  }

  @Test func aSharedMemoGivesEveryPlacementTheResolutionOfAFreshOne() throws {
    let cases = try Self.cases()
    var compared = 0
    for (ruleSet, lines) in cases {
      var memo = SegmentMemo(for: ruleSet)
      for line in lines {
        let profile = try ruleSet.bind(jsonBytes: Array(line.utf8))
        // Both orders: a placement resolved first fills the memo that the others read.
        for order in [Array(ruleSet.placements.indices), ruleSet.placements.indices.reversed()] {
          memo.reset()
          for index in order {
            var sharedTrail = ExposureTrail()
            var freshTrail = ExposureTrail()
            var freshMemo = SegmentMemo(for: ruleSet)
            let shared = ruleSet.resolution(index, for: profile, now: pinnedNow, memo: &memo, observer: &sharedTrail)
            let fresh = ruleSet.resolution(index, for: profile, now: pinnedNow, memo: &freshMemo, observer: &freshTrail)
            #expect(shared == fresh, "\(ruleSet.placements[index].name): \(line)")
            #expect(sharedTrail.draws.count == freshTrail.draws.count, "\(line)")
            compared += 1
          }
        }
      }
    }
    #expect(cases[0].lines.count == 5)
    #expect(compared == Self.comparisons(cases))
  }

  /// One run of the program for all of a profile's placements (`RuleSet.unobservedRun`), each resolved by
  /// `RuleSet.rows` as a batch line is, against a fresh resolution per placement, on the shipped rules and
  /// examples, in both placement orders.
  @Test func oneRunForEveryPlacementGivesTheResolutionsOfSeparateRuns() throws {
    let cases = try Self.cases()
    var compared = 0
    for (ruleSet, lines) in cases {
      var memo = SegmentMemo(for: ruleSet)
      for line in lines {
        let profile = try ruleSet.bind(jsonBytes: Array(line.utf8))
        for order in [Array(ruleSet.placements.indices), ruleSet.placements.indices.reversed()] {
          memo.reset()
          memo.withStorage { storage in
            ruleSet.unobservedRun(profile, now: pinnedNow, memo: storage) { run, profile in
              for index in order {
                let resolution = ruleSet.rows(index, now: pinnedNow, run: &run, profile)
                var freshMemo = SegmentMemo(for: ruleSet)
                var fresh = NoObserver()
                let expected = ruleSet.resolution(
                  index, for: profile, now: pinnedNow, memo: &freshMemo, observer: &fresh)
                #expect(resolution == expected, "\(ruleSet.placements[index].name): \(line)")
                compared += 1
              }
            }
          }
        }
      }
    }
    #expect(compared == Self.comparisons(cases))
  }

  @Test func eachSegmentIsEvaluatedOncePerProfileAcrossPlacements() throws {
    let ruleSet = try #require(Compilation.compile([RuleSource(name: "memo.rules", text: Self.rules)]).ruleSet)
    let profile = try ruleSet.bind(jsonBytes: Array(Self.profiles[2].utf8))  // an adult beginner
    let adults = try #require(ruleSet.segments.firstIndex { $0.name == "adults" })
    let root = Int(ruleSet.program.roots[adults])
    func evaluations(sharing: Bool) -> Int {
      var memo = SegmentMemo(for: ruleSet)
      var observer = CountingObserver()
      for index in ruleSet.placements.indices {
        if !sharing { memo.reset() }
        _ = ruleSet.resolution(index, for: profile, now: pinnedNow, memo: &memo, observer: &observer)
      }
      return observer.counts[root, default: 0]
    }
    // `first` evaluates `adults` inside `adult_pros` only when `pros` holds (it does not: a beginner), then in
    // its own row; `second` in its first row. Shared, the second placement reads the memo.
    #expect(evaluations(sharing: false) == 2)
    #expect(evaluations(sharing: true) == 1)
  }
}
