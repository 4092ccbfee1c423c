import TestSupport
import Testing

@testable import PlacementCore

/// `fallthrough` rows and variations, holdouts, and what explain says about them.
@Suite struct FallthroughHoldoutTests {
  static let text = ABFixtures.fallthroughHoldout

  @Test func fallthroughRowIsSkippedAndExplainSaysSo() throws {
    let rules = try #require(ruleSet(Self.text))
    let id = profileID(withBucket: 75, in: "fh-1")
    let decision = rules.decide("p", id: id, builtins: ["country": .string("US")], explain: true)
    // Draw order (50, "holdout"), (50, "shown"): bucket 75 walks past the holdout.
    #expect(decision.audience.name == "us")
    #expect(decision.content == .paywall(id: "shown"))
    #expect(
      decision.explanation == [
        RowTrace(index: 0, name: "stopped", outcome: .fellThrough(reason: "the row's content is fallthrough")),
        RowTrace(index: 1, name: "us", outcome: .decided(reason: "variation 'shown' of test 't' (bucket 75)")),
      ])
  }

  @Test func holdoutIsAnExplicitDecision() throws {
    let rules = try #require(ruleSet(Self.text))
    let id = profileID(withBucket: 10, in: "fh-1")
    let decision = rules.decide("p", id: id, builtins: ["country": .string("US")], explain: true)
    #expect(decision.content == .holdout)
    #expect(decision.abTest?.variation == "holdout")
    #expect(
      decision.explanation?.last
        == RowTrace(
          index: 1, name: "us",
          outcome: .decided(reason: "variation 'holdout' of test 't' (bucket 10): holdout, nothing shown")))
    #expect(
      decision.jsonString.contains(
        #""content":{"type":"holdout"},"ab_test":{"name":"t","version_id":"fh-1","variation":"holdout","bucket":10}"#))
    #expect(
      decision.jsonString.contains(
        #"{"index":1,"name":"us","outcome":"decided","reason":"variation 'holdout' of test 't' (bucket 10): holdout, nothing shown"}"#
      ))
  }

  @Test func aTableWhoseEveryRowFallsThroughEndsAtTheDefault() throws {
    let rules = try #require(ruleSet(Self.text))
    for i in 0..<1_000 {
      let decision = rules.decide("every_row_falls", id: "u\(i)", builtins: ["country": .string("US")], explain: i == 0)
      #expect(decision.audience == Audience(index: 2, name: "default", segment: nil))
      #expect(decision.content == .paywall(id: "standard"))
      #expect(decision.warnings.isEmpty)
      if i == 0 {
        #expect(decision.explanation?.count == 3)
        guard case .fellThrough(let reason) = decision.explanation?[1].outcome else {
          Issue.record("row 1 did not fall through")
          continue
        }
        #expect(reason.hasPrefix("variation '") && reason.hasSuffix(") falls through"))
      }
    }
  }
}
