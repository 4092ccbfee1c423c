import TestSupport
import Testing

@testable import PlacementCore

/// One accepted range per value type on every input path: a date is within ±8.64e15 ms (the ECMAScript `Date`
/// range) whether it comes from `custom_attributes`, a flow event (JSON or iOS params) or an answer built in code.
@Suite struct InputRangeTests {
  let date = compile(
    """
    attribute born: date from input "born"
    placement p: flow {
      default -> flow x
    }
    """
  ).ruleSet!

  /// The slot of `born`.
  var born: Int { date.attributes.first { $0.name == "born" }!.slot }

  func bound(_ profile: String) throws -> BoundProfile {
    date.bind(try Profile(jsonBytes: Array(profile.utf8)))
  }

  @Test func pickerValuesBeyondTheRangeAreErrors() throws {
    #expect(
      try decodeError(input("born", "date_picker", #""value":9000000000000000"#))
        == IngestError(field: "value", message: "event 'born': 'value' 9000000000000000 is out of range (±8.64e15 ms)"))
    #expect(
      try decodeError(input("born", "date_picker", #""value":-8640000000000001"#))?.message
        == "event 'born': 'value' -8640000000000001 is out of range (±8.64e15 ms)")
    #expect(
      try decodeError(input("born", "time_picker", #""value":1e300"#))?.message
        == "event 'born': 'value' 1e+300 is out of range (±8.64e15 ms)")
    #expect(
      try decode(input("born", "date_picker", #""value":-8640000000000000"#))?.change
        == .set(.date(millisecondsSince1970: -8_640_000_000_000_000)))
    let params: [String: any Sendable] = [
      "instanceId": "s", "element_id": "born", "element_type": "date_picker", "value": 9_000_000_000_000_000,
    ]
    #expect(
      throws: IngestError(
        field: "value", message: "event 'born': 'value' 9000000000000000 is out of range (±8.64e15 ms)")
    ) {
      try FlowEvent.decode(name: "flow_user_input", params: params)
    }
  }

  @Test func everyPathRefusesWhatTheOthersRefuse() throws {
    let event =
      #"{"name":"flow_user_input","instanceId":"s","element_id":"born","element_type":"date_picker","value":9000000000000000}"#
    #expect(try bound(#"{"events":[\#(event)]}"#).values[born] == .missing)
    #expect(
      try bound(#"{"events":[\#(event)]}"#).warnings
        == ["events[0]: skipped event: event 'born': 'value' 9000000000000000 is out of range (±8.64e15 ms)"])
    #expect(
      try bound(#"{"custom_attributes":{"born":9000000000000000}}"#).warnings
        == ["attribute 'born': value 9000000000000000 treated as missing: out of range (±8.64e15 ms)"])
    // An answer built in code takes the same range.
    var profile = Profile()
    profile.answers.apply(
      FlowEvent(
        screenID: nil, elementID: "born", elementKind: .datePicker, change: .set(.date(millisecondsSince1970: .max))))
    let built = date.bind(profile)
    #expect(built.values[born] == .missing)
    #expect(built.warnings.count == 1)
    #expect(
      built.warnings.first?.hasSuffix("treated as missing: out of range (±8.64e15 ms)") == true, "\(built.warnings)")
    // The edges are accepted on both paths.
    let edge = try bound(#"{"custom_attributes":{"born":8640000000000000}}"#)
    #expect(edge.values[born] == .date(Instant(millisecondsSince1970: 8_640_000_000_000_000)))
    #expect(edge.warnings.isEmpty)
  }

  @Test func numbersInWarningsPrintAsIngestPrintsThem() {
    #expect(Coercion.show(JSONValue.number(8_640_000_000_000_001)) == "8640000000000001")
    #expect(Coercion.show(JSONValue.number(9e15)) == "9000000000000000")
    #expect(Coercion.show(JSONValue.number(2.5)) == "2.5")
    #expect(Coercion.show(JSONValue.number(1e300)) == "1e+300")
  }

  @Test func anISOTextBeyondTheRangeIsNamedAsSuch() {
    #expect(Instant.isBeyondParsedRange(iso8601: "+287168-08-24T16:00:00Z"))
    #expect(!Instant.isBeyondParsedRange(iso8601: "+275760-09-13T00:00:00Z"))
    #expect(!Instant.isBeyondParsedRange(iso8601: "yesterday"))
    #expect(Instant(iso8601: "+275760-09-13T00:00:00Z")?.millisecondsSince1970 == 8_640_000_000_000_000)
    #expect(Instant(iso8601: "+275760-09-13T00:00:00.001Z") == nil)
  }
}

/// A number is what a JSON number can be: a decimal string beyond ±1.8e308, or one that would round to 0, is out
/// of range in `custom_attributes` and in a number input, as `1e400` and `1e-400` are in JSON.
@Suite struct NumberRangeTests {
  let rules = compile(
    """
    attribute score: number from input "score"
    attribute born: date
    placement p: flow {
      default -> flow x
    }
    """
  ).ruleSet!

  func warnings(_ custom: String) throws -> [String] {
    rules.bind(try Profile(jsonBytes: Array(#"{"custom_attributes":{\#(custom)}}"#.utf8))).warnings
  }

  @Test func numericStringsHaveTheRangeOfJSONNumbers() throws {
    let outOfRange = "out of range for a number (±1.8e308, not rounded to 0)"
    #expect(
      try warnings(#""score":"1e-400""#) == [#"attribute 'score': value "1e-400" treated as missing: \#(outOfRange)"#])
    #expect(
      try warnings(#""score":"-1e400""#) == [#"attribute 'score': value "-1e400" treated as missing: \#(outOfRange)"#])
    #expect(
      try warnings(#""born":"1e-400""#) == [#"attribute 'born': value "1e-400" treated as missing: \#(outOfRange)"#])
    #expect(try warnings(#""score":"0e-400","born":"0.000""#) == [])
    #expect(try warnings(#""score":"5e-324""#) == [])
    #expect(DecimalText.read("1e-400") == .outOfRange)
    #expect(DecimalText.read("00.000e-999") == .number(0))
    #expect(DecimalText.read("1e400x") == .malformed)
    #expect(DecimalText.read("1,5e-400", decimalComma: true) == .outOfRange)
  }

  @Test(arguments: ["1e400", "1e-400", "-2,5e-999"])
  func numberInputsHaveTheSameRange(text: String) throws {
    #expect(
      try decodeError(input("score", "number_input", #""value":"\#(text)""#))
        == IngestError(
          field: "value",
          message: "event 'score': 'value' \"\(text)\" is out of range for a number (±1.8e308, not rounded to 0)"))
  }
}

/// A single choice answers one option: extra `item_ids` are a warning on every path that applies the event.
@Suite struct SingleChoiceExtraIDsTests {
  @Test func extraIDsAreKeptAsideAndReported() throws {
    let event = try decode(input("experience", "single_choice", #""item_ids":["pro","beginner","amateur"]"#))
    #expect(event?.change == .set(.choice("pro")))
    #expect(event?.ignoredItemIDs == ["beginner", "amateur"])
    #expect(
      event?.warnings
        == [
          #"event 'experience': single_choice with 3 item_ids ("pro", "beginner", "amateur"): the first, "pro", is the answer"#
        ])
    #expect(try decode(input("experience", "single_choice", #""item_ids":["pro"]"#))?.warnings == [])
    #expect(try decode(input("interests", "multi_choice", #""item_ids":["a","b"]"#))?.warnings == [])
  }
}
