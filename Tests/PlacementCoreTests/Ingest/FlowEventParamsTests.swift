import Testing

@testable import PlacementCore

/// The iOS callback shape: `name: String, params: [String: any Sendable]`.
@Suite struct FlowEventParamsTests {
  private func params(_ id: String, _ type: String, _ extra: [String: any Sendable]) -> [String: any Sendable] {
    var result: [String: any Sendable] = [
      "name": "flow_user_input", "instanceId": "scr_J260KU5q", "isCustomerEvent": true, "isBackendEvent": false,
      "element_id": id, "element_type": type,
    ]
    result.merge(extra) { $1 }
    return result
  }

  private func change(_ id: String, _ type: String, _ extra: [String: any Sendable]) throws -> FlowEvent.Change? {
    try FlowEvent.decode(name: "flow_user_input", params: params(id, type, extra))?.change
  }

  private func error(_ id: String, _ type: String, _ extra: [String: any Sendable]) -> IngestError? {
    do {
      _ = try FlowEvent.decode(name: "flow_user_input", params: params(id, type, extra))
      return nil
    } catch {
      return error
    }
  }

  @Test func everyElementKind() throws {
    let event = try FlowEvent.decode(
      name: "flow_user_input", params: params("email", "email_input", ["value": "jane@example.com"]))
    #expect(
      event
        == FlowEvent(
          screenID: "scr_J260KU5q", elementID: "email", elementKind: .emailInput, isBackendEvent: false,
          isCustomerEvent: true, change: .set(.text("jane@example.com"))))
    #expect(try change("n", "text_input", ["value": "Jane"]) == .set(.text("Jane")))
    #expect(try change("p", "phone_input", ["value": ""]) == .remove)
    #expect(try change("age", "number_input", ["value": "25"]) == .set(.number(25)))
    #expect(try change("age", "number_input", ["value": 25]) == .set(.number(25)))
    #expect(
      try change("b", "date_picker", ["value": 645_408_000_000]) == .set(.date(millisecondsSince1970: 645_408_000_000)))
    #expect(
      try change("t", "time_picker", ["value": Int64(36_000_000)]) == .set(.date(millisecondsSince1970: 36_000_000)))
    #expect(try change("d", "date_time_picker", ["value": 1_000.0]) == .set(.date(millisecondsSince1970: 1_000)))
    #expect(
      try change("e", "single_choice", ["item_ids": ["pro"], "item_titles": ["I train professionally"]])
        == .set(.choice("pro")))
    #expect(try change("e", "single_choice", ["item_ids": [String](), "item_titles": [String]()]) == .remove)
    #expect(try change("i", "multi_choice", ["item_ids": ["sports", "music"]]) == .set(.choices(["sports", "music"])))
    #expect(try change("i", "multi_choice", ["item_ids": [String]()]) == .set(.choices([])))
    #expect(try change("r", "toggle", ["value": true]) == .set(.toggle(true)))
  }

  @Test func olderShapesAndOptionals() throws {
    let options: [[String: any Sendable]] = [["id": "sports", "title": "Sports"], ["id": "music", "title": "Music"]]
    #expect(try change("i", "multi_choice", ["value": options]) == .set(.choices(["sports", "music"])))
    let one: [String: any Sendable] = ["id": "pro", "title": "Pro"]
    #expect(try change("e", "single_choice", ["value": one]) == .set(.choice("pro")))
    let noScreen: String? = nil
    let event = try FlowEvent.decode(
      name: "flow_user_input", params: params("r", "toggle", ["value": true, "instanceId": noScreen]))
    #expect(event?.screenID == nil)
    let screen: String? = "scr_2"
    let qualified = try FlowEvent.decode(
      name: "flow_user_input", params: params("r", "toggle", ["value": true, "instanceId": screen]))
    #expect(qualified?.screenID == "scr_2")
  }

  @Test func strictTypes() {
    #expect(
      error("r", "toggle", ["value": 1])
        == IngestError(field: "value", message: "event 'r': 'value' must be a bool, found number"))
    #expect(error("r", "toggle", ["value": "true"])?.message == "event 'r': 'value' must be a bool, found string")
    #expect(
      error("b", "date_picker", ["value": true])?.message
        == "event 'b': 'value' must be an integer number of unix milliseconds, found bool")
    #expect(error("b", "date_picker", ["value": 1.5])?.field == "value")
    #expect(
      error("b", "date_picker", ["value": Int64.max])?.message
        == "event 'b': 'value' must be within ±2^53, found 9223372036854775807")
    #expect(
      error("e", "single_choice", ["item_ids": "pro"])?.message
        == "event 'e': 'item_ids' must be an array of strings, found string")
    #expect(
      error("age", "number_input", ["value": "12abc"])?.message
        == "event 'age': 'value' \"12abc\" is not a decimal number")
    struct Opaque: Sendable {}
    #expect(
      error("x", "text_input", ["value": Opaque()])
        == IngestError(field: "value", message: "event 'x': 'value' has unsupported type Opaque"))
    #expect(error("x", "text_input", ["value": Double.nan])?.message == "event 'x': 'value' must be finite, found nan")
  }

  @Test func nonInputsAndUnreadKeysAreIgnored() throws {
    struct Opaque: Sendable {}
    #expect(try FlowEvent.decode(name: "flow_screen_showed", params: ["instanceId": "scr_1", "x": Opaque()]) == nil)
    // An unsupported type under a key the decoder does not read is not an error.
    #expect(try change("r", "toggle", ["value": false, "extra": Opaque()]) == .set(.toggle(false)))
  }

  @Test func missingFields() {
    #expect(error("r", "toggle", [:]) == IngestError(field: "value", message: "event 'r': missing 'value'"))
    var noID = params("r", "toggle", ["value": true])
    noID["element_id"] = nil
    do {
      _ = try FlowEvent.decode(name: "flow_user_input", params: noID)
      Issue.record("expected an error")
    } catch {
      #expect(error == IngestError(field: "element_id", message: "flow_user_input event: missing 'element_id'"))
    }
  }
}
