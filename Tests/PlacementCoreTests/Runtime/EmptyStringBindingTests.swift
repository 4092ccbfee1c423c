import TestSupport
import Testing

@testable import PlacementCore

/// `nick == ""` gave `flow a` through `Profile(jsonBytes:)` + `bind` and `flow b`
/// through `bind(jsonBytes:)` (the batch path), and the explanation contradicted the decision.
@Suite struct EmptyStringBindingTests {
  static let ruleSet = compile(
    """
    attribute nick: string
    segment empty_nick = nick == ""
    segment named = nick == "bob"
    placement p: flow {
      empty_nick -> flow a
      named      -> flow c
      default    -> flow b
    }
    """
  ).ruleSet!

  static let options = ResolveOptions(now: Instant(millisecondsSince1970: 0), explain: true)

  @Test(arguments: [
    (#"{"profile_id":"p","custom_attributes":{"nick":""}}"#, "a", 0),
    (#"{"profile_id":"p","custom_attributes":{"nick":"","extra":{"a":1}}}"#, "a", 0),
    (#"{"profile_id":"p","custom_attributes":{"nick":"bob"}}"#, "c", 1),
    (#"{"profile_id":"p","custom_attributes":{"nick":"bo"}}"#, "b", 2),
    (#"{"profile_id":"p"}"#, "b", 2),
  ])
  func everyPathDecidesTheSame(line: String, flow: String, row: Int) throws {
    let ruleSet = Self.ruleSet
    let fast = try ruleSet.bind(jsonBytes: Array(line.utf8))
    let reference = ruleSet.bind(try Profile(jsonBytes: Array(line.utf8)))
    for profile in [fast, reference] {
      let decision = try ruleSet.resolve("p", for: profile, options: Self.options)
      #expect(decision.content == .flow(id: flow, paywall: nil), "\(line)")
      #expect(decision.audience.index == row)
      // The explanation agrees: every row before the deciding one did not match, the deciding one decided.
      let outcomes = decision.explanation ?? []
      #expect(outcomes.count == row + 1)
      #expect(outcomes.last.map { if case .decided = $0.outcome { true } else { false } } == true)
    }
    #expect(fast.scalars == reference.scalars)
  }
}
