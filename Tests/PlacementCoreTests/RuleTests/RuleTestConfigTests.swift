import TestSupport
import Testing

@testable import PlacementCore

/// A case's `config` expectation: the decision's remote config, equal as JSON; `null` expects none.
@Suite struct RuleTestConfigTests {
  static let rules = """
    segment plain = country == "US"
    placement home: paywall {
      plain   -> paywall standard
      default -> paywall pro
    }

    content paywall pro {
      config default "en" { "title": "Go" }
    }
    """

  func mismatches(_ expect: String, profile: String = "{}") throws -> [RuleTestMismatch] {
    let compilation = Compilation.compile([RuleSource(name: "t.rules", text: Self.rules)])
    let ruleSet = try #require(compilation.ruleSet, "\(compilation.diagnostics.map(\.message))")
    let file = try RuleTestFile(
      jsonBytes: Array(#"{"cases": [{"name": "n", "profile": \#(profile), "expect": {"home": \#(expect)}}]}"#.utf8))
    if let malformed = file.malformedCases.first { throw malformed }
    let test = try #require(file.cases.first)
    try test.validate(against: ruleSet)
    let bound = ruleSet.bind(try Profile(json: try #require(test.profile.inline)))
    return test.run(on: ruleSet, profile: bound, now: Instant(millisecondsSince1970: 0)).mismatches
  }

  @Test func nullExpectsNoConfig() throws {
    #expect(try mismatches(#"{"config": null}"#, profile: #"{"country": "US"}"#).isEmpty)
    let failed = try mismatches(#"{"config": null}"#)
    #expect(
      failed == [RuleTestMismatch(placement: "home", field: "config", expected: "null", actual: #"{"title":"Go"}"#)])
  }

  @Test func anObjectExpectsThatConfig() throws {
    #expect(try mismatches(#"{"config": {"title": "Go"}}"#).isEmpty)
    #expect(
      try mismatches(#"{"config": {"title": "Go"}}"#, profile: #"{"country": "US"}"#).map(\.actual) == ["no config"])
  }
}
