import TestSupport
import Testing

@testable import PlacementCore

@Suite struct RuleTestCheckingTests {
  static let rules = """
    attribute plan: choice(free, pro) from quiz "plan"
    segment pros = plan == pro
    segment everyone = plan is set
    placement home: flow {
      pros     -> fallthrough
      everyone -> test split version "v1" { a: flow home_a 50%, b: flow home_b with paywall p 50% }
      default  -> flow home_default
    }
    """

  func ruleSet() throws -> RuleSet {
    let compilation = Compilation.compile([RuleSource(name: "t.rules", text: Self.rules)])
    return try #require(compilation.ruleSet, "\(compilation.diagnostics.map(\.message))")
  }

  /// The one case of a file holding `json`; its decoding error when it is malformed.
  func testCase(_ json: String) throws -> RuleTestCase {
    let file = try RuleTestFile(jsonBytes: Array(#"{"cases": [\#(json)]}"#.utf8))
    if let malformed = file.malformedCases.first { throw malformed }
    return try #require(file.cases.first)
  }

  @Test func aMalformedCaseCostsItselfNotTheFilesOtherCases() throws {
    let file = try RuleTestFile(
      jsonBytes: Array(
        #"{"cases": [{"name": "bad", "profile": {}, "expect": {"home": "paywal x"}}, {"name": "good", "profile": {}, "expect": {"home": "paywall x"}}, 3]}"#
          .utf8))
    #expect(file.cases.map(\.name) == ["good"])
    #expect(file.malformedCases.map(\.path) == ["cases[0].expect.home", "cases[2]"])
  }

  func run(_ json: String) throws -> [RuleTestMismatch] {
    let ruleSet = try ruleSet()
    let test = try testCase(json)
    try test.validate(against: ruleSet)
    let profile = try Profile(json: try #require(test.profile.inline))
    return test.run(on: ruleSet, profile: ruleSet.bind(profile), now: Instant(millisecondsSince1970: 0)).mismatches
  }

  @Test func decodesTheShorthandAndTheFullForm() throws {
    let test = try testCase(
      #"{"name": "n", "profile": {}, "now": "2026-01-01", "expect": {"home": "flow home_b with paywall p", "x": {"row": 1, "variation": "b", "because": [{"row": "pros", "outcome": "fell_through"}]}}}"#
    )
    #expect(test.name == "n")
    #expect(test.now == Instant(iso8601: "2026-01-01"))
    #expect(test.expectations.map(\.placement) == ["home", "x"])
    #expect(test.expectations[0].content == .flow(id: "home_b", paywall: "p"))
    #expect(test.expectations[1].row == .index(1))
    #expect(test.expectations[1].variation == "b")
    #expect(
      test.expectations[1].because == [
        RowCheck(row: .name("pros"), path: "cases[0].expect.x.because[0]", outcome: .fellThrough)
      ])
  }

  @Test func aFallthroughRowPassesToTheNextRow() throws {
    // Profile "p-1" draws bucket 24 under version "v1" (MD5 of "v1-p-1"), so variation a (weights 50/50, a first).
    let mismatches = try run(
      #"{"name": "pro", "profile": {"profile_id": "p-1", "custom_attributes": {"plan": "pro"}}, "expect": {"home": {"content": "flow home_a", "row": "everyone", "test": "split", "variation": "a", "because": [{"row": 0, "outcome": "fell_through"}, {"row": 1, "outcome": "decided"}]}}}"#
    )
    #expect(mismatches == [])
  }

  @Test func everyUnmetExpectationIsReportedWithExpectedAndActual() throws {
    let mismatches = try run(
      #"{"name": "free", "profile": {"profile_id": "p-1"}, "expect": {"home": {"content": "flow home_a", "row": 1, "test": "split", "variation": "b", "because": [{"row": "everyone", "condition": "plan is set", "seen": "free"}, {"row": 0, "outcome": "decided"}]}}}"#
    )
    #expect(mismatches.map(\.field) == ["content", "row", "test", "variation", "because[0]", "because[1]"])
    #expect(mismatches[0].expected == "flow home_a")
    #expect(mismatches[0].actual == "flow home_default")
    #expect(mismatches[1].actual == "2 'default'")
    #expect(mismatches[2].actual == "no A/B test")
    #expect(
      mismatches[4].expected
        == "row 'everyone': not_matched, condition containing 'plan is set', seen containing 'free'")
    #expect(mismatches[4].actual == "row 1 'everyone': not_matched, condition 'plan is set', seen 'plan = missing'")
    #expect(mismatches[5].actual == "row 0 'pros': not_matched, condition 'plan == pro', seen 'plan = missing'")
  }

  @Test func namesMustExistInTheRuleSet() throws {
    let ruleSet = try ruleSet()
    #expect(
      throws: RuleTestError(
        path: "cases[0].expect.home.row", message: "placement 'home' has no row 'pro'; did you mean 'pros'?")
    ) {
      try testCase(#"{"name": "n", "profile": {}, "expect": {"home": {"row": "pro"}}}"#).validate(against: ruleSet)
    }
  }
}

/// Rule tests that expect a decision's reason and exposures.
@Suite struct RuleTestExposureTests {
  let checking = RuleTestCheckingTests()

  @Test func reasonAndExposuresThatHoldPass() throws {
    // "p-1" draws bucket 24 in "v1": variation a decides.
    let mismatches = try checking.run(
      #"{"name": "n", "profile": {"profile_id": "p-1", "custom_attributes": {"plan": "free"}}, "expect": {"home": {"reason": "SPLIT", "exposures": [{"test": "split", "variation": "a", "bucket": 24, "outcome": "decided"}]}}}"#
    )
    #expect(mismatches == [])
  }

  @Test func wrongReasonAndExposuresAreReportedWithBothSides() throws {
    let mismatches = try checking.run(
      #"{"name": "n", "profile": {"profile_id": "p-1", "custom_attributes": {"plan": "free"}}, "expect": {"home": {"reason": "DEFAULT", "exposures": [{"test": "split", "outcome": "fell_through"}, {"test": "other"}]}}}"#
    )
    #expect(
      mismatches == [
        RuleTestMismatch(placement: "home", field: "reason", expected: "DEFAULT", actual: "SPLIT"),
        RuleTestMismatch(
          placement: "home", field: "exposures", expected: "[split fell_through, other]",
          actual: "[split/a bucket 24 decided]"),
      ])
  }

  @Test func unknownCodesAreRefusedWithTheKnownOnes() {
    #expect(
      throws: RuleTestError(
        path: "cases[0].expect.home.reason",
        message:
          "must be one of OVERRIDE, STICKY, DISABLED, SPLIT, SCHEDULED_OUT, CAPPED, PREREQUISITE_FAILED, STATIC, DEFAULT, TARGETING_MATCH, found 'MATCH'"
      )
    ) {
      try checking.testCase(#"{"name": "n", "profile": {}, "expect": {"home": {"reason": "MATCH"}}}"#)
    }
    #expect(
      throws: RuleTestError(
        path: "cases[0].expect.home.exposures[0].bucket", message: "must be a bucket 0–99, found number")
    ) {
      try checking.testCase(
        #"{"name": "n", "profile": {}, "expect": {"home": {"exposures": [{"test": "t", "bucket": 100}]}}}"#)
    }
  }
}
