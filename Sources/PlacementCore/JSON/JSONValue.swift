/// A JSON value as read from a profile, an event or a fixture (RFC 8259).
///
/// Objects keep their members in a dictionary (the last of duplicate keys wins, as in most
/// readers); numbers are `Double` (integers up to 2^53, which covers Unix milliseconds for the
/// next 285,000 years, are exact).
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The member `key` of an object, or `nil` for a missing key or a non-object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string payload, or `nil` when this is not a string.
  public var stringValue: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// A short name of the JSON type for error messages: `null`, `bool`, `number`, `string`, `array`, `object`.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "bool"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}
