import Foundation
import Testing

@testable import PlacementCore

/// Converts a Foundation JSON object (from `JSONSerialization`) to `JSONValue`. Tests only.
func jsonValue(_ object: Any) -> JSONValue {
  switch object {
  case is NSNull:
    return .null
  case let number as NSNumber:
    // JSON booleans come back as NSNumber with objCType "c"; every NSNumber also casts to Bool.
    if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
    return .number(number.doubleValue)
  case let string as String:
    return .string(string)
  case let array as [Any]:
    return .array(array.map(jsonValue))
  case let dictionary as [String: Any]:
    return .object(dictionary.mapValues(jsonValue))
  default:
    fatalError("not a JSON value: \(type(of: object))")
  }
}

/// Parses one JSON text to `JSONValue`. Tests only.
func parseJSON(_ text: String) throws -> JSONValue {
  jsonValue(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
}

/// The lines of `Fixtures/seed-events.jsonl` (the seed document's five payloads), parsed.
func seedEvents() throws -> [JSONValue] {
  let url = fixturesFolder.appendingPathComponent("seed-events.jsonl")
  let text = try String(contentsOf: url, encoding: .utf8)
  return try text.split(whereSeparator: \.isNewline).map { try parseJSON(String($0)) }
}

/// Decodes a JSON text as an event (test shorthand).
func decode(_ text: String) throws -> FlowEvent? {
  try FlowEvent.decode(parseJSON(text))
}

/// The error thrown when decoding `text`, or `nil` if it decodes.
func decodeError(_ text: String) throws -> IngestError? {
  let json = try parseJSON(text)
  do {
    _ = try FlowEvent.decode(json)
    return nil
  } catch {
    return error
  }
}

/// A `flow_user_input` JSON text for element `id` of `type` on screen `scr_1`, with extra members `rest`
/// (a JSON object body without braces, e.g. `"value": "x"`).
func input(_ id: String, _ type: String, _ rest: String) -> String {
  #"{"name":"flow_user_input","instanceId":"scr_1","element_id":"\#(id)","element_type":"\#(type)",\#(rest)}"#
}
