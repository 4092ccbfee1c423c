import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

@Suite struct TestSafetyTests {
  static func rules(_ weights: (a: Int, b: Int), version: String = "v1") -> String {
    """
    segment adults = age >= 18
    placement p: paywall {
      adults -> test offer version "\(version)" { a: paywall a \(weights.a)%, b: paywall b \(weights.b)% }
      default -> paywall standard
    }
    """
  }

  /// The share of `count` profile ids whose variation differs between the two rule sets, by the resolver, and
  /// whether each change happened exactly in the buckets the finding names.
  static func bruteForce(_ old: String, _ new: String, count: Int = 100_000, moved: Set<Int>) throws -> Double {
    let before = try #require(diffCompile(old).ruleSet)
    let after = try #require(diffCompile(new).ruleSet)
    var changed = 0
    var mismatches = 0
    for n in 0..<count {
      let profile = Profile(profileID: "user-\(n)", builtins: ["age": .number(30)])
      let x = try before.resolve("p", for: profile, options: ResolveOptions(now: Reasoner.defaultNow))
      let y = try after.resolve("p", for: profile, options: ResolveOptions(now: Reasoner.defaultNow))
      let differs = x.abTest?.variation != y.abTest?.variation
      if differs { changed += 1 }
      if differs != moved.contains(x.abTest?.bucket ?? -1) { mismatches += 1 }
    }
    #expect(mismatches == 0)
    return Double(changed) / Double(count)
  }

  static func movedBuckets(_ old: String, _ new: String) throws -> (TestFinding, Set<Int>) {
    let report = try diffOf(old, new)
    let finding = try #require(report.tests.first { $0.kind == .reassignsRunningTest })
    let was = try #require(PlacementComparison.test(diffCompile(old).ruleSet!.placements[0].rows[0].content))
    let test = try #require(PlacementComparison.test(diffCompile(new).ruleSet!.placements[0].rows[0].content))
    return (finding, Set(TestSafety.bucketMoves(was, test).flatMap { Array($0.buckets) }))
  }

  @Test func fiftyFiftyReweightedTo30_70ChangesExactly20PercentAsABruteForceDrawConfirms() throws {
    let old = Self.rules((50, 50))
    let new = Self.rules((30, 70))
    let (finding, moved) = try Self.movedBuckets(old, new)
    #expect(finding.reassignedFraction == 0.2)
    #expect(finding.severity == .error)
    #expect(
      finding.message
        == "test 'p/offer' keeps version 'v1' but its draw changed: 20% of its profiles change variation (buckets 30–49: a → b)"
    )
    #expect(moved == Set(30..<50))
    // The example is a profile of the test whose variation changes, by both resolvers.
    let example = try Profile(jsonBytes: Array(try #require(finding.witness).utf8))
    let x = try diffCompile(old).ruleSet!.resolve("p", for: example, options: ResolveOptions(now: Reasoner.defaultNow))
    let y = try diffCompile(new).ruleSet!.resolve("p", for: example, options: ResolveOptions(now: Reasoner.defaultNow))
    #expect(x.abTest?.variation == "a" && y.abTest?.variation == "b")
    let share = try Self.bruteForce(old, new, moved: moved)
    #expect(abs(share - 0.2) < 0.01, "brute force: \(share)")
  }

  @Test func fiftyFiftyReweightedTo70_30ChangesExactly80PercentBecauseTheDrawSortsByWeight() throws {
    let old = Self.rules((50, 50))
    let new = Self.rules((70, 30))
    let (finding, moved) = try Self.movedBuckets(old, new)
    #expect(finding.reassignedFraction == 0.8)
    #expect(
      finding.message
        == "test 'p/offer' keeps version 'v1' but its draw changed: 80% of its profiles change variation (buckets 0–29: a → b; buckets 50–99: b → a)"
    )
    #expect(moved == Set(0..<30).union(50..<100))
    let share = try Self.bruteForce(old, new, moved: moved)
    #expect(abs(share - 0.8) < 0.01, "brute force: \(share)")
  }

  @Test func aNewVersionReDrawsEveryone() throws {
    let report = try diffOf(Self.rules((50, 50)), Self.rules((30, 70), version: "v2"))
    let finding = try #require(report.tests.first)
    #expect(finding.kind == .reassignsRunningTest)
    #expect(finding.message == "test 'p/offer' changes version 'v1' → 'v2': everyone re-draws")
    #expect(report.tests.count == 1)
  }

  @Test func sameDrawWithOtherContentIsAVariationContentChange() throws {
    let other = Self.rules((50, 50)).replacingOccurrences(of: "b: paywall b", with: "b: paywall b2")
    let report = try diffOf(Self.rules((50, 50)), other)
    #expect(report.tests.map(\.kind) == [.variationContentChanged])
    #expect(report.tests[0].message == "test 'p/offer' keeps its draw but variation 'b' now shows other content")
    #expect(
      report.transitions.map { "\($0.old) → \($0.new)" } == [
        "paywall b (test offer variation b) → paywall b2 (test offer variation b)"
      ])
  }

  @Test func startedAndEndedTests() throws {
    let plain = """
      segment adults = age >= 18
      placement p: paywall {
        adults -> paywall a
        default -> paywall standard
      }
      """
    #expect(try diffOf(plain, Self.rules((50, 50))).tests.map(\.kind) == [.testStarted])
    // Ending the test also takes its profiles out of it.
    let ended = try diffOf(Self.rules((50, 50)), plain).tests
    #expect(ended.map(\.kind) == [.testEnded, .reassignsRunningTest])
    #expect(ended[0].message == "test 'p/offer' ends: its profiles stop seeing their variations")
  }
}
