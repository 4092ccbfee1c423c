import TestSupport
import Testing

@testable import PlacementCore

/// The engine against the naive oracle (``NaiveOracle``) on generated rule sets and profiles: every operator
/// and type, missing, null and uncoercible values, empty and non-ASCII strings, rollouts, schedules, A/B tests, layers and
/// fallthrough. Both binders (JSON bytes, and `Profile` then `bind`) must give the oracle's decision, and the
/// explanation must agree with the decision and with the oracle's first failing condition, row by row.
/// The batch writer's ``DecisionEncoder`` must write the same bytes. Seeded: every run checks the same cases.
@Suite struct ProgramDifferentialTests {
  static let ruleSets = 150
  static let profilesPerRuleSet = 20
  static let now = Instant(millisecondsSince1970: OracleGenerator.now)

  @Test func engineAgreesWithTheOracleOnDecisionsAndExplanations() throws {
    var generator = OracleGenerator(random: SplitMix64(state: 20_261_201))
    var checked = 0
    var rowsDeciding = Set<Int>()
    var outcomes = Set<String>()
    var exposureOutcomes = Set<String>()
    var reasons = Set<String>()
    var leanBindings = 0
    for _ in 0..<Self.ruleSets {
      let rules = generator.rules()
      let compilation = Compilation.compile([RuleSource(name: "generated.rules", text: rules.text)])
      let ruleSet = try #require(compilation.ruleSet, "\(rules.text)\n\(compilation.diagnostics)")
      let encoder = DecisionEncoder(ruleSet: ruleSet, placements: [0])
      var batchStorage = ruleSet.emptyProfile()
      for index in 0..<Self.profilesPerRuleSet {
        let profile = generator.profile(index)
        let expected = NaiveOracle(rules: rules, profile: profile).outcome()
        let fast = try ruleSet.bind(jsonBytes: Array(profile.json.utf8))
        let reference = ruleSet.bind(try Profile(jsonBytes: Array(profile.json.utf8)))
        for bound in [fast, reference] {
          let plain = try ruleSet.resolve("p", for: bound, options: ResolveOptions(now: Self.now))
          let explained = try ruleSet.resolve("p", for: bound, options: ResolveOptions(now: Self.now, explain: true))
          let context = "\(rules.text)\n\(profile.json)"
          #expect(Self.essence(plain) == Self.essence(expected), "\(context)")
          #expect(Self.trace(explained) == expected.tried, "\(context)")
          #expect(plain.exposures.map(Self.exposure) == expected.exposures, "\(context)")
          #expect(plain.reason.rawValue == expected.reason, "\(context)")
          // Explain observes the run that decides: the same decision, and its last row is the deciding row.
          #expect(Self.essence(explained) == Self.essence(plain), "\(context)")
          #expect(explained.explanation?.last?.index == plain.audience.index, "\(context)")
          // The batch writer's bytes, from the index resolution and pre-encoded fragments, are the decision's.
          var json = JSONWriter()
          var trail = ExposureTrail()
          var memo = SegmentMemo(for: ruleSet)
          let resolution = ruleSet.resolution(0, for: bound, now: Self.now, memo: &memo, observer: &trail)
          encoder.write(resolution, trail: trail, position: 0, profile: bound, to: &json)
          #expect(json.string == plain.jsonString, "\(context)")
        }
        // The batch's storage keeps only the values a run reads (`keepingEveryValue: false`), reused from the
        // previous profile: the same decision, the same scalars, and the same bytes from the batch writer.
        try Array(profile.json.utf8).withUnsafeBufferPointer { bytes in
          try ruleSet.bind(jsonBytes: bytes, limits: .default, into: &batchStorage, keepingEveryValue: false)
        }
        let context = "\(rules.text)\n\(profile.json)"
        #expect(batchStorage.scalars == fast.scalars, "\(context)")
        let lean = try ruleSet.resolve("p", for: batchStorage, options: ResolveOptions(now: Self.now))
        #expect(Self.essence(lean) == Self.essence(expected), "\(context)")
        // As the batch writes it: the id's bytes from the line when the binder found them there, else encoded.
        var json = JSONWriter()
        var trail = ExposureTrail()
        var encodedID = JSONWriter()
        DecisionEncoder.profileIDJSON(batchStorage, into: &encodedID)
        let line = Array(profile.json.utf8)
        let idJSON = batchStorage.profileIDSource.map { Array(line[$0]) } ?? encodedID.withBytes { Array($0) }
        var memo = SegmentMemo(for: ruleSet)
        let resolution = ruleSet.resolution(0, for: batchStorage, now: Self.now, memo: &memo, observer: &trail)
        idJSON.withUnsafeBufferPointer {
          encoder.write(
            resolution, trail: trail, position: 0, profile: batchStorage, profileID: $0, endingLine: true, to: &json)
        }
        #expect(json.string == lean.jsonString + "\n", "\(context)")
        if !batchStorage.keepsEveryValue { leanBindings += 1 }
        rowsDeciding.insert(expected.row)
        outcomes.formUnion(expected.tried.map(\.outcome))
        exposureOutcomes.formUnion(expected.exposures.map { String($0.split(separator: " ").last!) })
        reasons.insert(expected.reason)
        checked += 1
      }
    }
    #expect(checked == Self.ruleSets * Self.profilesPerRuleSet)
    // Most profiles take the fast path, which keeps fewer values (the others fall back and keep every value).
    #expect(leanBindings > checked / 2)
    // The cases are real ones: several rows decide, and every outcome occurs.
    #expect(rowsDeciding.count >= 4)
    #expect(outcomes == ["not_matched", "scheduled_out", "outside_layer", "fell_through", "decided"])
    #expect(exposureOutcomes == ["decided", "fell_through", "holdout"])
    #expect(reasons == ["TARGETING_MATCH", "SPLIT", "DEFAULT", "DISABLED", "SCHEDULED_OUT"])
  }

  static func essence(_ decision: Decision) -> String {
    let content =
      switch decision.content {
      case .flow(let id, _): "flow \(id)"
      case .paywall(let id): "paywall \(id)"
      case .holdout: "holdout"
      }
    let test = decision.abTest.map { " \($0.variation) \($0.bucket.map(String.init) ?? "-")" } ?? ""
    return "row \(decision.audience.index): \(content)\(test)"
  }

  static func exposure(_ exposure: Exposure) -> String {
    "\(exposure.test)/\(exposure.variation) \(exposure.bucket.map(String.init) ?? "-") \(exposure.outcome.rawValue)"
  }

  static func essence(_ outcome: NaiveOracle.Outcome) -> String {
    let test = outcome.variation.map { " \($0) \(outcome.bucket.map(String.init) ?? "-")" } ?? ""
    return "row \(outcome.row): \(outcome.content)\(test)"
  }

  static func trace(_ decision: Decision) -> [NaiveOracle.Tried] {
    (decision.explanation ?? []).map { row in
      switch row.outcome {
      case .notMatched(let condition, _):
        NaiveOracle.Tried(row: row.index, outcome: "not_matched", condition: condition)
      case .fellThrough: NaiveOracle.Tried(row: row.index, outcome: "fell_through", condition: nil)
      case .scheduledOut: NaiveOracle.Tried(row: row.index, outcome: "scheduled_out", condition: nil)
      case .capped: NaiveOracle.Tried(row: row.index, outcome: "capped", condition: nil)
      case .outsideLayer: NaiveOracle.Tried(row: row.index, outcome: "outside_layer", condition: nil)
      case .notNewUser: NaiveOracle.Tried(row: row.index, outcome: "not_new_user", condition: nil)
      case .inOtherTest: NaiveOracle.Tried(row: row.index, outcome: "in_other_test", condition: nil)
      case .decided: NaiveOracle.Tried(row: row.index, outcome: "decided", condition: nil)
      }
    }
  }
}
