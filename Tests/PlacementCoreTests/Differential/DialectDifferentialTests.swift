import TestSupport
import Testing

@testable import PlacementCore

/// The engine under `dialect adapty` against the naive oracle's three-valued reading (``NaiveOracle/truth(_:)``)
/// on generated rule sets and profiles: every segment's match and every decision agree. Seeded.
@Suite struct DialectDifferentialTests {
  static let ruleSets = 120
  static let profilesPerRuleSet = 20
  static let now = Instant(millisecondsSince1970: OracleGenerator.now)

  @Test func adaptyMeaningAgreesWithTheThreeValuedOracle() throws {
    var generator = OracleGenerator(random: SplitMix64(state: 20_261_204))
    var differing = 0
    for _ in 0..<Self.ruleSets {
      var rules = generator.rules()
      rules.meaning = .adapty
      let compilation = Compilation.compile([RuleSource(name: "generated.rules", text: rules.text)])
      let ruleSet = try #require(compilation.ruleSet, "\(rules.text)\n\(compilation.diagnostics)")
      var twoValued = rules
      twoValued.meaning = .placement
      for index in 0..<Self.profilesPerRuleSet {
        let profile = generator.profile(index)
        let oracle = NaiveOracle(rules: rules, profile: profile)
        let bound = try ruleSet.bind(jsonBytes: Array(profile.json.utf8))
        let context = "\(rules.text)\n\(profile.json)"
        for segment in rules.segments.indices {
          let expected = oracle.holds(rules.segments[segment])
          #expect(ruleSet.program.holds(segment: segment, bound, now: Self.now) == expected, "s\(segment) \(context)")
          let placement = NaiveOracle(rules: twoValued, profile: profile).holds(rules.segments[segment])
          if placement != expected { differing += 1 }
        }
        let decision = try ruleSet.resolve("p", for: bound, options: ResolveOptions(now: Self.now))
        #expect(
          ProgramDifferentialTests.essence(decision) == ProgramDifferentialTests.essence(oracle.outcome()), "\(context)"
        )
      }
    }
    // The corpus exercises the difference: many segments match under one meaning and not the other.
    #expect(differing > 100)
  }
}
