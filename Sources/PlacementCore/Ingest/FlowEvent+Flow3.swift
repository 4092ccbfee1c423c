// SDK 3.x onboarding payloads (`onStateUpdatedAction`) and the onboarding analytics events, read into the same
// `FlowEvent`s as SDK 4 `flow_user_input` events (docs/Product.md §3).

/// An onboarding analytics event the engine recognises; raw values are the SDK's event names.
package enum FlowMilestone: String, Sendable, CaseIterable {
  /// `onboarding_started`.
  case onboardingStarted = "onboarding_started"
  /// `screen_presented`: a screen (`screen_cid`) was shown.
  case screenPresented = "screen_presented"
  /// `screen_completed`: the user left a screen forward (with `element_id` and `reply` when it had an input).
  case screenCompleted = "screen_completed"
  /// `second_screen_presented`.
  case secondScreenPresented = "second_screen_presented"
  /// `user_email_collected`.
  case userEmailCollected = "user_email_collected"
  /// `onboarding_completed`: the user reached the end of the onboarding.
  case onboardingCompleted = "onboarding_completed"
}

extension FlowEvent {
  /// The name of the SDK 3.x input events: `onStateUpdatedAction`.
  package static let stateUpdatedEventName = "onStateUpdatedAction"

  /// A string member of `meta` (or, failing that, of the event itself) under its camelCase or snake_case name;
  /// nil when absent or `null`.
  static func metaString(
    _ names: [String], in members: [String: JSONValue], element: String?, event: String
  ) throws(IngestError) -> String? {
    var places: [(prefix: String, members: [String: JSONValue])] = []
    if case .object(let meta)? = members["meta"] { places.append(("meta.", meta)) }
    places.append(("", members))
    for place in places {
      for name in names {
        guard let value = place.members[name], value != .null else { continue }
        guard case .string(let text) = value else {
          throw IngestError.flow3(
            event, element: element, field: name,
            "'\(place.prefix)\(name)' must be a string, found \(value.typeName)")
        }
        return text
      }
    }
    return nil
  }

  /// Reads an analytics event: the screen of `screen_presented`, the onboarding of every event.
  static func decodeAnalytics(_ milestone: FlowMilestone, _ members: [String: JSONValue]) throws(IngestError)
    -> FlowEvent
  {
    if let meta = members["meta"], meta != .null, meta.objectMembers == nil {
      throw IngestError.flow3(
        milestone.rawValue, element: nil, field: "meta", "'meta' must be an object, found \(meta.typeName)")
    }
    let name = milestone.rawValue
    let screen = try metaString(["screen_cid", "screenClientId"], in: members, element: nil, event: name)
    let onboarding = try metaString(["onboarding_id", "onboardingId"], in: members, element: nil, event: name)
    // The element kind is never read for an analytics event: its empty element id matches no source.
    var event = FlowEvent(
      name: name, screenID: screen, elementID: "", elementKind: .toggle, change: .analytics(milestone))
    event.onboardingID = onboarding
    return event
  }

  /// Reads an SDK 3.x `onStateUpdatedAction`: `elementId`, `meta.screenClientId` (the screen, as `instanceId`),
  /// `meta.onboardingId`, and `params` `{type, value}` with `type` one of `select`, `multiSelect`, `input`,
  /// `datePicker`.
  static func decodeStateUpdate(_ members: [String: JSONValue]) throws(IngestError) -> FlowEvent {
    let name = stateUpdatedEventName
    guard let rawID = members["elementId"], rawID != .null else {
      throw IngestError.flow3(name, element: nil, field: "elementId", "missing 'elementId'")
    }
    guard case .string(let elementID) = rawID else {
      throw IngestError.flow3(
        name, element: nil, field: "elementId", "'elementId' must be a string, found \(rawID.typeName)")
    }
    guard !elementID.isEmpty else {
      throw IngestError.flow3(name, element: nil, field: "elementId", "'elementId' must not be empty")
    }
    if let meta = members["meta"], meta != .null, meta.objectMembers == nil {
      throw .wrongType("meta", expected: "an object", found: meta.typeName, element: elementID)
    }
    let screen = try metaString(["screenClientId", "screen_cid"], in: members, element: elementID, event: name)
    let onboarding = try metaString(["onboardingId", "onboarding_id"], in: members, element: elementID, event: name)
    guard let params = members["params"], params != .null else { throw .missing("params", element: elementID) }
    guard let fields = params.objectMembers else {
      throw .wrongType("params", expected: "an object", found: params.typeName, element: elementID)
    }
    guard let rawType = fields["type"], rawType != .null else {
      throw .missing("params", path: "params.type", element: elementID)
    }
    guard case .string(let type) = rawType else {
      throw .wrongType("params", path: "params.type", expected: "a string", found: rawType.typeName, element: elementID)
    }
    let value = fields["value"] ?? .null
    let kind: ElementKind
    let change: Change
    switch type {
    case "select":
      kind = .singleChoice
      change = value == .null ? .remove : .set(.option(try option(value, path: "params.value", element: elementID)))
    case "multiSelect":
      kind = .multiChoice
      guard case .array(let items) = value else {
        throw .wrongType(
          "params", path: "params.value", expected: "an array of {id, value, label} objects", found: value.typeName,
          element: elementID)
      }
      var options: [FlowOption] = []
      for (index, item) in items.enumerated() {
        options.append(try option(item, path: "params.value[\(index)]", element: elementID))
      }
      change = .set(.options(options))
    case "input":
      (kind, change) = try input(value, element: elementID)
    case "datePicker":
      kind = .datePicker
      change = .set(.date(millisecondsSince1970: try civilDate(value, element: elementID)))
    default:
      throw IngestError(
        field: "params",
        message: IngestError.prefix(elementID)
          + "unknown 'params.type' \(IngestError.quoted(type)) (expected one of: select, multiSelect, input, "
          + "datePicker)")
    }
    var event = FlowEvent(name: name, screenID: screen, elementID: elementID, elementKind: kind, change: change)
    event.onboardingID = onboarding
    return event
  }

  /// One `{id, value, label}` option; `id` and `value` are required strings, `label` is not read.
  private static func option(_ json: JSONValue, path: String, element: String) throws(IngestError) -> FlowOption {
    guard let members = json.objectMembers else {
      throw .wrongType(
        "params", path: path, expected: "an {id, value, label} object", found: json.typeName, element: element)
    }
    var parts: [String] = []
    for key in ["id", "value"] {
      guard let member = members[key], member != .null else {
        throw .missing("params", path: "\(path).\(key)", element: element)
      }
      guard case .string(let text) = member else {
        throw .wrongType(
          "params", path: "\(path).\(key)", expected: "a string", found: member.typeName, element: element)
      }
      parts.append(text)
    }
    return FlowOption(id: parts[0], value: parts[1])
  }

  /// An input's `{type: text|email|number, value}`: text and e-mail are strings, a number a decimal string or a
  /// number; `""` removes the answer as in SDK 4.
  private static func input(_ json: JSONValue, element: String) throws(IngestError) -> (ElementKind, Change) {
    guard let members = json.objectMembers else {
      throw .wrongType(
        "params", path: "params.value", expected: "a {type, value} object", found: json.typeName, element: element)
    }
    guard let rawType = members["type"], case .string(let type) = rawType else {
      let found = members["type"].map { $0 == .null ? "null" : $0.typeName }
      if let found {
        throw .wrongType("params", path: "params.value.type", expected: "a string", found: found, element: element)
      }
      throw .missing("params", path: "params.value.type", element: element)
    }
    guard let value = members["value"], value != .null else {
      throw .missing("params", path: "params.value.value", element: element)
    }
    switch type {
    case "text", "email":
      guard case .string(let text) = value else {
        throw .wrongType(
          "params", path: "params.value.value", expected: "a string", found: value.typeName, element: element)
      }
      return (type == "text" ? .textInput : .emailInput, text.isEmpty ? .remove : .set(.text(text)))
    case "number":
      return (.numberInput, try decodeNumber(value, element: element))
    default:
      throw IngestError(
        field: "params",
        message: IngestError.prefix(element)
          + "unknown 'params.value.type' \(IngestError.quoted(type)) (expected one of: text, email, number)")
    }
  }

  /// A date picker's civil date `{day, month, year}` as the Unix milliseconds of 00:00 UTC that day.
  private static func civilDate(_ json: JSONValue, element: String) throws(IngestError) -> Int64 {
    guard let members = json.objectMembers else {
      throw .wrongType(
        "params", path: "params.value", expected: "a {day, month, year} object", found: json.typeName,
        element: element)
    }
    var parts: [Int] = []
    for key in ["year", "month", "day"] {
      guard let member = members[key], member != .null else {
        throw .missing("params", path: "params.value.\(key)", element: element)
      }
      guard case .number(let number) = member, number.rounded(.towardZero) == number, number.magnitude < 1e6 else {
        let found = if case .number = member { serialized(member, sortedKeys: false) } else { member.typeName }
        throw .wrongType("params", path: "params.value.\(key)", expected: "an integer", found: found, element: element)
      }
      parts.append(Int(number))
    }
    let (year, month, day) = (parts[0], parts[1], parts[2])
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= CivilDate.days(inMonth: month, of: year)
    else {
      throw IngestError(
        field: "params",
        message: IngestError.prefix(element)
          + "'params.value' \(year)-\(month)-\(day) is not a calendar date (year 1–9999)")
    }
    return Int64(CivilDate.daysSinceEpoch(year: year, month: month, day: day)) * 86_400_000
  }
}

/// Proleptic Gregorian calendar arithmetic for civil dates.
enum CivilDate {
  /// Whether `year` is a leap year.
  static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

  /// The number of days in `month` (1–12) of `year`.
  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days from 1970-01-01 to the date (negative before it).
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let shiftedMonth = (month + 9) % 12
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}

extension IngestError {
  /// An error about an SDK 3.x or analytics event before its element is known (`onStateUpdatedAction event:
  /// missing 'elementId'`), or about a known element.
  static func flow3(_ event: String, element: String?, field: String, _ text: String) -> IngestError {
    IngestError(field: field, message: (element.map { prefix($0) } ?? "\(event) event: ") + text)
  }
}

extension JSONValue {
  /// The members of an object, nil for any other value.
  var objectMembers: [String: JSONValue]? {
    if case .object(let members) = self { return members }
    return nil
  }
}
