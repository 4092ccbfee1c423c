// Validation of a `flow_user_input` event's members into a `FlowEvent` (docs/Product.md §3).

extension FlowEvent {
  /// The keys an input event is read from; the params decoder converts only these.
  static let readKeys = [
    "instanceId", "isBackendEvent", "isCustomerEvent", "element_id", "element_type", "value", "item_ids",
  ]

  /// Validates the members of an event already known to be named `flow_user_input`.
  static func decodeInput(_ members: [String: JSONValue]) throws(IngestError) -> FlowEvent {
    let elementID = try requiredString("element_id", in: members, element: nil)
    guard !elementID.isEmpty else { throw .emptyElementID() }
    let typeText = try requiredString("element_type", in: members, element: elementID)
    guard let kind = ElementKind(rawValue: typeText) else {
      throw .unknownElementType(typeText, element: elementID)
    }
    let screen = try optional("instanceId", in: members, element: elementID) { $0.stringValue }
    let backend = try optional("isBackendEvent", in: members, element: elementID, as: "a bool") { $0.boolValue }
    let customer = try optional("isCustomerEvent", in: members, element: elementID, as: "a bool") { $0.boolValue }
    let (change, ignored) = try decodeChange(kind, members, element: elementID)
    return FlowEvent(
      screenID: screen, elementID: elementID, elementKind: kind, isBackendEvent: backend,
      isCustomerEvent: customer, change: change, ignoredItemIDs: ignored)
  }

  /// The answer change carried by an event of kind `kind`, and the option ids a single choice leaves out.
  private static func decodeChange(
    _ kind: ElementKind, _ members: [String: JSONValue], element: String
  ) throws(IngestError) -> (Change, ignored: [String]) {
    switch kind {
    case .textInput, .emailInput, .phoneInput:
      let text = try requiredString("value", in: members, element: element)
      return (text.isEmpty ? .remove : .set(.text(text)), [])
    case .numberInput:
      return (try decodeNumber(required("value", in: members, element: element), element: element), [])
    case .datePicker, .timePicker, .dateTimePicker:
      let value = try required("value", in: members, element: element)
      guard case .number(let number) = value, number.rounded(.towardZero) == number else {
        let found = if case .number = value { serialized(value, sortedKeys: false) } else { value.typeName }
        throw .notMilliseconds(found: found, element: element)
      }
      // The range of every other path that reads a date (`Instant.fromUnix`), so an accepted answer never
      // becomes a value `custom_attributes` would refuse.
      guard let instant = Instant.fromUnix(number, unit: .milliseconds) else {
        throw .millisecondsOutOfRange(serialized(value, sortedKeys: false), element: element)
      }
      return (.set(.date(millisecondsSince1970: instant.millisecondsSince1970)), [])
    case .singleChoice:
      // A single choice answers its first option id; the others are kept aside for a warning.
      let ids = try choiceIDs(members, element: element)
      return (ids.first.map { .set(.choice($0)) } ?? .remove, Array(ids.dropFirst()))
    case .multiChoice:
      return (.set(.choices(deduplicated(try choiceIDs(members, element: element)))), [])
    case .toggle:
      let value = try required("value", in: members, element: element)
      guard case .bool(let isOn) = value else {
        throw .wrongType("value", expected: "a bool", found: value.typeName, element: element)
      }
      return (.set(.toggle(isOn)), [])
    }
  }

  /// A number input: a decimal string, with a point or one decimal comma (`""` removes), or, for robustness, a
  /// JSON number.
  static func decodeNumber(_ value: JSONValue, element: String) throws(IngestError) -> Change {
    switch value {
    case .number(let number):
      return .set(.number(number))
    case .string(let text):
      if text.isEmpty { return .remove }
      switch DecimalText.read(text, decimalComma: true) {
      case .number(let number): return .set(.number(number))
      case .outOfRange: throw .numberOutOfRange(text, element: element)
      case .malformed: throw .notADecimal(text, element: element)
      }
    default:
      throw .wrongType("value", expected: "a string", found: value.typeName, element: element)
    }
  }

  /// The selected option ids of a choice group: `item_ids`, or the older `value` of `{id, title}` object(s).
  /// `item_titles` is never read: answers branch on ids, and a length mismatch is not an error.
  private static func choiceIDs(_ members: [String: JSONValue], element: String) throws(IngestError) -> [String] {
    if let ids = members["item_ids"], ids != .null {
      guard case .array(let items) = ids else {
        throw .wrongType("item_ids", expected: "an array of strings", found: ids.typeName, element: element)
      }
      var result: [String] = []
      result.reserveCapacity(items.count)
      for (index, item) in items.enumerated() {
        guard case .string(let id) = item else {
          throw .wrongType(
            "item_ids", path: "item_ids[\(index)]", expected: "a string", found: item.typeName, element: element)
        }
        result.append(id)
      }
      return result
    }
    guard let value = members["value"], value != .null else { throw .missing("item_ids", element: element) }
    switch value {
    case .object:
      return [try optionID(value, path: "value", element: element)]
    case .array(let options):
      var result: [String] = []
      for (index, option) in options.enumerated() {
        result.append(try optionID(option, path: "value[\(index)]", element: element))
      }
      return result
    default:
      throw .wrongType(
        "value", expected: "an {id, title} object or an array of them", found: value.typeName, element: element)
    }
  }

  /// The `id` of one older-style `{id, title}` option object (the title is ignored).
  private static func optionID(_ option: JSONValue, path: String, element: String) throws(IngestError) -> String {
    guard case .object(let members) = option else {
      throw .wrongType("value", path: path, expected: "an {id, title} object", found: option.typeName, element: element)
    }
    guard let id = members["id"], id != .null else { throw .missing("value", path: "\(path).id", element: element) }
    guard case .string(let text) = id else {
      throw .wrongType("value", path: "\(path).id", expected: "a string", found: id.typeName, element: element)
    }
    return text
  }

  /// `ids` without repeats, first occurrence kept.
  private static func deduplicated(_ ids: [String]) -> [String] {
    guard ids.count > 1 else { return ids }
    var seen = Set<String>()
    return ids.filter { seen.insert($0).inserted }
  }

  // MARK: - Member access

  private static func required(
    _ key: String, in members: [String: JSONValue], element: String?
  ) throws(IngestError) -> JSONValue {
    guard let value = members[key], value != .null else { throw .missing(key, element: element) }
    return value
  }

  private static func requiredString(
    _ key: String, in members: [String: JSONValue], element: String?
  ) throws(IngestError) -> String {
    let value = try required(key, in: members, element: element)
    guard case .string(let text) = value else {
      throw .wrongType(key, expected: "a string", found: value.typeName, element: element)
    }
    return text
  }

  /// An optional member (absent or `null` gives `nil`) that must otherwise have the type `extract` accepts.
  private static func optional<T>(
    _ key: String, in members: [String: JSONValue], element: String, as expected: String = "a string",
    _ extract: (JSONValue) -> T?
  ) throws(IngestError) -> T? {
    guard let value = members[key], value != .null else { return nil }
    guard let result = extract(value) else {
      throw .wrongType(key, expected: expected, found: value.typeName, element: element)
    }
    return result
  }
}

extension JSONValue {
  /// The bool payload, or `nil` when this is not a bool.
  fileprivate var boolValue: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }
}
