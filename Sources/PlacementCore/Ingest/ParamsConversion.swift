// Conversion of the iOS callback's `[String: any Sendable]` parameters to JSON members, so that both event
// shapes go through the same validation (`FlowEvent.decodeInput`).

/// Converts the keys of an iOS params dictionary that the decoder reads into `JSONValue`s.
enum ParamsConversion {
  /// The deepest nesting of arrays and dictionaries accepted inside one parameter.
  static let maxDepth = 8

  /// The members `FlowEvent.readKeys` of `params`, as JSON; absent and `nil` parameters are left out.
  /// - Throws: `IngestError` for a read parameter of a type with no JSON counterpart (e.g. a `Date`), an integer
  ///   beyond ±2^53, a non-finite float, or nesting deeper than `maxDepth`.
  static func members(of params: [String: any Sendable]) throws(IngestError) -> [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    var element: String? = nil
    if let raw = params["element_id"] {
      let id = try convert(raw, key: "element_id", element: nil, depth: 0)
      element = id.stringValue.flatMap { $0.isEmpty ? nil : $0 }
      members["element_id"] = id
    }
    for key in FlowEvent.readKeys where key != "element_id" {
      guard let raw = params[key] else { continue }
      members[key] = try convert(raw, key: key, element: element, depth: 0)
    }
    return members
  }

  /// One Swift value as JSON. `key` and `element` only serve error messages.
  private static func convert(_ value: Any, key: String, element: String?, depth: Int) throws(IngestError)
    -> JSONValue
  {
    guard depth <= maxDepth else { throw .tooDeep(key, element: element) }
    if let optional = value as? any OptionalBox {
      guard let wrapped = optional.wrappedValue else { return .null }
      return try convert(wrapped, key: key, element: element, depth: depth)
    }
    switch value {
    case let bool as Bool:
      return .bool(bool)
    case let string as String:
      return .string(string)
    case let string as Substring:
      return .string(String(string))
    case let integer as any BinaryInteger:
      let limit: Int64 = 1 << 53
      guard let exact = Int64(exactly: integer), exact >= -limit, exact <= limit else {
        throw .wrongType(key, expected: "within ±2^53", found: "\(integer)", element: element)
      }
      return .number(Double(exact))
    case let double as Double:
      guard double.isFinite else { throw .wrongType(key, expected: "finite", found: "\(double)", element: element) }
      return .number(double)
    case let float as Float:
      guard float.isFinite else { throw .wrongType(key, expected: "finite", found: "\(float)", element: element) }
      return .number(Double(float))
    case let array as [Any]:
      var items: [JSONValue] = []
      items.reserveCapacity(array.count)
      for item in array { items.append(try convert(item, key: key, element: element, depth: depth + 1)) }
      return .array(items)
    case let dictionary as [String: Any]:
      var members: [String: JSONValue] = [:]
      for (name, item) in dictionary {
        members[name] = try convert(item, key: key, element: element, depth: depth + 1)
      }
      return .object(members)
    default:
      throw .unsupportedType(key, typeName: "\(type(of: value))", element: element)
    }
  }
}

/// Lets a boxed `Optional` of any wrapped type be recognised and unwrapped.
private protocol OptionalBox {
  var wrappedValue: Any? { get }
}

extension Optional: OptionalBox {
  fileprivate var wrappedValue: Any? {
    switch self {
    case .some(let value): value
    case .none: nil
    }
  }
}
