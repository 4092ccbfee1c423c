import Testing

@testable import PlacementCore

@Suite struct FlowEventJSONTests {
  @Test func seedEventsDecodeToTheDocumentedAnswers() throws {
    let events = try seedEvents().map { try FlowEvent.decode($0) }
    let reg = "scr_registration"
    let quiz = "scr_J260KU5q"
    #expect(
      events == [
        FlowEvent(
          screenID: reg, elementID: "email", elementKind: .emailInput, isBackendEvent: false, isCustomerEvent: true,
          change: .set(.text("jane@example.com"))),
        FlowEvent(
          screenID: quiz, elementID: "birthday", elementKind: .datePicker, isBackendEvent: false,
          isCustomerEvent: true, change: .set(.date(millisecondsSince1970: 645_408_000_000))),
        FlowEvent(
          screenID: quiz, elementID: "experience", elementKind: .singleChoice, isBackendEvent: false,
          isCustomerEvent: true, change: .set(.choice("pro"))),
        FlowEvent(
          screenID: quiz, elementID: "interests", elementKind: .multiChoice, isBackendEvent: false,
          isCustomerEvent: true, change: .set(.choices(["sports", "music"]))),
        FlowEvent(
          screenID: quiz, elementID: "reminders", elementKind: .toggle, isBackendEvent: false, isCustomerEvent: true,
          change: .set(.toggle(true))),
      ])
    #expect(events.allSatisfy { $0?.name == "flow_user_input" })
  }

  @Test func nonInputEventsAreIgnored() throws {
    #expect(try decode(#"{"name":"flow_screen_showed","instanceId":"scr_1"}"#) == nil)
    // Not an input: the rest of the event is not even looked at.
    #expect(try decode(#"{"name":"paywall_showed","element_type":42}"#) == nil)
  }

  @Test func textInputs() throws {
    #expect(try decode(input("name", "text_input", #""value":"Jane""#))?.change == .set(.text("Jane")))
    #expect(try decode(input("tel", "phone_input", #""value":"+33 6 12""#))?.change == .set(.text("+33 6 12")))
    #expect(try decode(input("email", "email_input", #""value":"""#))?.change == .remove)
    // Only exactly "" clears: whitespace is a value, kept as typed.
    #expect(try decode(input("name", "text_input", #""value":"  ""#))?.change == .set(.text("  ")))
    let error = try decodeError(input("email", "email_input", #""value":7"#))
    #expect(error == IngestError(field: "value", message: "event 'email': 'value' must be a string, found number"))
  }

  @Test(arguments: [
    ("25", 25.0), ("2.5e1", 25), (" 25 ", 25), ("-0.5", -0.5), ("+3", 3), (".5", 0.5), ("5.", 5), ("1E-2", 0.01),
    // A decimal comma, as the seed's French users type it (newcomer trial m-16); one comma is always decimal.
    ("92,5", 92.5), ("-0,25", -0.25), (",5", 0.5), ("1,234", 1.234),
  ])
  func numberInputParsesDecimalStrings(text: String, expected: Double) throws {
    #expect(try decode(input("age", "number_input", #""value":"\#(text)""#))?.change == .set(.number(expected)))
  }

  @Test(arguments: [
    "abc", "12abc", "NaN", "nan", "inf", "-Infinity", "0x10", "1e", ".", "-", " ", "1,234.5", "1,234,567", ",",
  ])
  func numberInputRejectsNonDecimals(text: String) throws {
    let error = try decodeError(input("age", "number_input", #""value":"\#(text)""#))
    #expect(error == IngestError(field: "value", message: "event 'age': 'value' \"\(text)\" is not a decimal number"))
  }

  @Test func numberInputEdgeCases() throws {
    #expect(try decode(input("age", "number_input", #""value":"""#))?.change == .remove)
    #expect(try decode(input("age", "number_input", #""value":42.5"#))?.change == .set(.number(42.5)))
    let error = try decodeError(input("age", "number_input", #""value":true"#))
    #expect(error?.message == "event 'age': 'value' must be a string, found bool")
    let long = String(repeating: "9", count: 45) + "x"
    let longError = try decodeError(input("age", "number_input", #""value":"\#(long)""#))
    #expect(
      longError?.message == "event 'age': 'value' \"\(String(repeating: "9", count: 40))…\" is not a decimal number")
  }

  @Test func pickersTakeIntegralMilliseconds() throws {
    #expect(
      try decode(input("t", "time_picker", #""value":1718438400000"#))?.change
        == .set(.date(millisecondsSince1970: 1_718_438_400_000)))
    // Before 1970 is negative.
    #expect(
      try decode(input("b", "date_time_picker", #""value":-86400000"#))?.change
        == .set(.date(millisecondsSince1970: -86_400_000)))
    let fractional = try decodeError(input("b", "date_picker", #""value":1.5"#))
    #expect(
      fractional
        == IngestError(
          field: "value", message: "event 'b': 'value' must be an integer number of unix milliseconds, found 1.5"))
    let text = try decodeError(input("b", "date_picker", #""value":"645408000000""#))
    #expect(text?.message == "event 'b': 'value' must be an integer number of unix milliseconds, found string")
    let huge = try decodeError(input("b", "date_picker", #""value":1e300"#))
    #expect(huge?.field == "value")
  }

  @Test func singleChoice() throws {
    let titlesMismatch = input("experience", "single_choice", #""item_ids":["amateur"],"item_titles":[]"#)
    #expect(try decode(titlesMismatch)?.change == .set(.choice("amateur")))
    let two = input("experience", "single_choice", #""item_ids":["pro","amateur"]"#)
    #expect(try decode(two)?.change == .set(.choice("pro")))
    let none = input("experience", "single_choice", #""item_ids":[],"item_titles":[]"#)
    #expect(try decode(none)?.change == .remove)
    let number = try decodeError(input("experience", "single_choice", #""item_ids":3"#))
    #expect(
      number
        == IngestError(
          field: "item_ids", message: "event 'experience': 'item_ids' must be an array of strings, found number"))
    let element = try decodeError(input("experience", "single_choice", #""item_ids":["a",1]"#))
    #expect(element?.message == "event 'experience': 'item_ids[1]' must be a string, found number")
    let missing = try decodeError(input("experience", "single_choice", #""item_titles":["Pro"]"#))
    #expect(missing == IngestError(field: "item_ids", message: "event 'experience': missing 'item_ids'"))
  }

  @Test func multiChoice() throws {
    let empty = input("interests", "multi_choice", #""item_ids":[],"item_titles":[]"#)
    #expect(try decode(empty)?.change == .set(.choices([])))
    let repeated = input("interests", "multi_choice", #""item_ids":["yoga","music","yoga"],"item_titles":["Yoga"]"#)
    #expect(try decode(repeated)?.change == .set(.choices(["yoga", "music"])))
  }

  @Test func olderIdTitleShapes() throws {
    let single = input("experience", "single_choice", #""value":{"id":"pro","title":"I train professionally"}"#)
    #expect(try decode(single)?.change == .set(.choice("pro")))
    let singleArray = input("experience", "single_choice", #""value":[{"id":"beginner","title":"B"}]"#)
    #expect(try decode(singleArray)?.change == .set(.choice("beginner")))
    let singleEmpty = input("experience", "single_choice", #""value":[]"#)
    #expect(try decode(singleEmpty)?.change == .remove)
    let multi = input("interests", "multi_choice", #""value":[{"id":"sports","title":"Sports"},{"id":"music"}]"#)
    #expect(try decode(multi)?.change == .set(.choices(["sports", "music"])))
    let multiObject = input("interests", "multi_choice", #""value":{"id":"yoga","title":"Yoga"}"#)
    #expect(try decode(multiObject)?.change == .set(.choices(["yoga"])))
    let noID = try decodeError(input("interests", "multi_choice", #""value":[{"title":"Sports"}]"#))
    #expect(noID == IngestError(field: "value", message: "event 'interests': missing 'value[0].id'"))
    let badID = try decodeError(input("interests", "multi_choice", #""value":[{"id":"a"},{"id":2}]"#))
    #expect(badID?.message == "event 'interests': 'value[1].id' must be a string, found number")
    let text = try decodeError(input("experience", "single_choice", #""value":"pro""#))
    #expect(
      text?.message == "event 'experience': 'value' must be an {id, title} object or an array of them, found string")
  }

  @Test func togglesAreStrictBools() throws {
    #expect(try decode(input("reminders", "toggle", #""value":false"#))?.change == .set(.toggle(false)))
    let yes = try decodeError(input("reminders", "toggle", #""value":"yes""#))
    #expect(yes == IngestError(field: "value", message: "event 'reminders': 'value' must be a bool, found string"))
    #expect(try decodeError(input("reminders", "toggle", #""value":1"#))?.message.hasSuffix("found number") == true)
    #expect(try decodeError(input("reminders", "toggle", #""value":"true""#))?.field == "value")
    #expect(
      try decodeError(input("reminders", "toggle", #""value":null"#))?.message == "event 'reminders': missing 'value'")
  }

  @Test func malformedEnvelopes() throws {
    #expect(
      try decodeError(#"{"name":"flow_user_input","element_type":"toggle","value":true}"#)
        == IngestError(field: "element_id", message: "flow_user_input event: missing 'element_id'"))
    #expect(
      try decodeError(#"{"name":"flow_user_input","element_id":"","element_type":"toggle"}"#)
        == IngestError(field: "element_id", message: "flow_user_input event: 'element_id' must not be empty"))
    #expect(
      try decodeError(#"{"name":"flow_user_input","element_id":"x","value":true}"#)
        == IngestError(field: "element_type", message: "event 'x': missing 'element_type'"))
    let unknown = try decodeError(#"{"name":"flow_user_input","element_id":"pw","element_type":"password_input"}"#)
    #expect(unknown?.field == "element_type")
    #expect(
      unknown?.message.hasPrefix("event 'pw': unknown element type \"password_input\" (expected one of: ") == true)
    #expect(
      try decodeError(#"[1]"#) == IngestError(field: "event", message: "an event must be an object, found array"))
    #expect(
      try decodeError(#"{"element_id":"x"}"#)
        == IngestError(field: "name", message: "flow_user_input event: missing 'name'"))
    let screen = try decodeError(input("x", "toggle", #""value":true,"instanceId":5"#))
    #expect(screen?.field == "instanceId")
    let backend = try decodeError(input("x", "toggle", #""value":true,"isBackendEvent":"false""#))
    #expect(backend?.message == "event 'x': 'isBackendEvent' must be a bool, found string")
  }

  @Test func optionalMetadataMayBeAbsentOrNull() throws {
    let event = try decode(
      #"{"name":"flow_user_input","instanceId":null,"element_id":"r","element_type":"toggle","value":true}"#)
    #expect(event == FlowEvent(screenID: nil, elementID: "r", elementKind: .toggle, change: .set(.toggle(true))))
  }

  @Test func elementKinds() {
    #expect(ElementKind.allCases.count == 10)
    #expect(ElementKind(rawValue: "date_time_picker") == .dateTimePicker)
    #expect(
      ElementKind.allCases.map(\.answerType) == [
        "string", "string", "string", "number", "date", "date", "date", "choice", "choices", "bool",
      ])
    #expect(FlowAnswer.choices([]).typeName == ElementKind.multiChoice.answerType)
  }
}
