import TestSupport
import Testing

@testable import PlacementCore

/// Ingest at the edges: Adapty storage of lists and bools (m-15), source-kind
/// mismatches (m-16), unknown option ids (P-12), integers written as integers (m-14).
@Suite struct IngestEdgesTests {
  @Test func listsAndBoolsAreCheckedInTheFormAdaptyStores() {
    #expect(AdaptyLimits.stored(.array([.string("music"), .string("yoga")])) == .string("music,yoga"))
    #expect(AdaptyLimits.stored(.bool(true)) == .number(1))
    #expect(AdaptyLimits.stored(.bool(false)) == .number(0))
    #expect(AdaptyLimits.stored(.array([.number(1)])) == .array([.number(1)]))
    #expect(
      AdaptyLimits.problems(["interests": .array([.string("sports"), .string("music")]), "reminders": .bool(true)])
        == [])
    let long = (0..<9).map { JSONValue.string("option_\($0)") }
    #expect(
      AdaptyLimits.problems(["interests": .array(long)])
        == ["'interests': string of 80 characters; Adapty stores at most 50 (stored as the joined option ids)"])
    #expect(
      AdaptyLimits.problems(["interests": .array([])])
        == ["'interests': an empty string removes the attribute in Adapty (stored as the joined option ids)"])
  }

  func event(_ element: String, _ kind: String, _ value: String) throws -> FlowEvent {
    let json = try JSONReader.parse(
      #"{"name":"flow_user_input","instanceId":"scr_q","element_id":"\#(element)","element_type":"\#(kind)",\#(value)}"#
    )
    return try #require(try FlowEvent.decode(json))
  }

  @Test func anEventOfTheWrongKindForItsDeclaredSourceIsNamed() throws {
    let model = compile(
      """
      attribute age_range: choice(young, old) from quiz "age_range"
      attribute weight: number from input "weight" on screen "scr_body"
      """
    ).model
    let text = try event("age_range", "text_input", #""value":"young""#)
    #expect(
      text.sourceKindMismatches(model.attributes) == [
        #"element 'age_range' is a text_input, but attribute 'age_range' is declared from quiz "age_range" (which reads single_choice, multi_choice)"#
      ])
    #expect(
      try event("age_range", "single_choice", #""item_ids":["young"]"#).sourceKindMismatches(model.attributes) == [])
    // Another screen's `weight` is not the declared one.
    #expect(try event("weight", "toggle", #""value":true"#).sourceKindMismatches(model.attributes) == [])
    let decimal = try event("weight", "number_input", #""value":"92,5""#)
    #expect(decimal.change == .set(.number(92.5)))
  }

  @Test func unknownOptionIdsAreDroppedOneByOne() {
    let model = compile(#"attribute interests: choices(lose_weight, yoga) from quiz "interests""#).model
    var profile = Profile()
    profile.answers.apply(
      FlowEvent(
        name: FlowEvent.inputEventName, screenID: "s", elementID: "interests", elementKind: .multiChoice,
        change: .set(.choices(["lose_weight", "yoga_typo"]))))
    let bound = BoundProfile(profile, attributes: model.attributes)
    #expect(bound.warnings == ["attribute 'interests': unknown option id 'yoga_typo' dropped"])
    #expect(bound.values[model.attributes.firstIndex { $0.name == "interests" }!] == .choices(1))
  }

  @Test func integralNumbersAreWrittenInPlainDigits() {
    #expect(serialized(.number(9_007_199_254_740_992), sortedKeys: true) == "9007199254740992")
    // Parsed from text (as a JSON reader does), so the rounding to the nearest double is the point, not a warning.
    #expect(serialized(.number(Double("9007199254740993")!), sortedKeys: true) == "9007199254740992")
    #expect(serialized(.number(Double("12345678901234567890")!), sortedKeys: true) == "12345678901234567168")
    #expect(serialized(.number(-1e18), sortedKeys: true) == "-1000000000000000000")
    #expect(serialized(.number(1e20), sortedKeys: true) == "1e+20")
    #expect(serialized(.number(1e-7), sortedKeys: true) == "1e-07")
    #expect(serialized(.number(-0.0), sortedKeys: true) == "-0")
  }
}
