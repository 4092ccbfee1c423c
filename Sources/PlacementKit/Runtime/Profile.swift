/// One user as the engine receives it (PRODUCT.md §2): identity, built-in attributes, custom attributes and,
/// optionally, the raw `flow_user_input` events the app received.
///
/// JSON shape (all members optional):
/// ```json
/// {"profile_id": "p1", "customer_user_id": "u1", "country": "US", "app_version": "2.3.0",
///  "custom_attributes": {"experience": "pro"}, "events": [{"name": "flow_user_input", ...}]}
/// ```
/// Built-in attributes are top-level members named as in ``BuiltinAttributes``.
public struct Profile: Sendable, Equatable {
  /// The stable id used for A/B bucketing and rollouts.
  public var profileID: String?
  public var customerUserID: String?
  /// Built-in attribute values by name, as given (coerced when bound to a rule set).
  public var builtins: [String: JSONValue]
  /// Custom attribute values by name, as given.
  public var customAttributes: [String: JSONValue]
  /// Answers derived from the profile's flow events, last value winning.
  public var answers: FlowAnswers
  /// Problems found while reading the profile that did not make it unusable (a bad event, an unknown member).
  public var warnings: [String]

  public init(
    profileID: String? = nil, customerUserID: String? = nil, builtins: [String: JSONValue] = [:],
    customAttributes: [String: JSONValue] = [:], answers: FlowAnswers = FlowAnswers(), warnings: [String] = []
  ) {
    self.profileID = profileID
    self.customerUserID = customerUserID
    self.builtins = builtins
    self.customAttributes = customAttributes
    self.answers = answers
    self.warnings = warnings
  }

  /// Applies one flow event (PRODUCT.md §3). Events that are not `flow_user_input` change nothing; a malformed
  /// input event is skipped and reported in ``warnings``.
  public mutating func apply(event json: JSONValue) {
    do {
      if let event = try FlowEvent.decode(json) { answers.apply(event) }
    } catch {
      warnings.append("skipped event: \(error.message)")
    }
  }
}

/// A profile that cannot be used at all (not an object, a member of the wrong type).
public struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The member at fault, e.g. `custom_attributes` or `events[2]`.
  public let field: String
  public let message: String
  public var description: String { message }

  public init(field: String, message: String) {
    self.field = field
    self.message = message
  }
}

extension Profile {
  /// Reads a profile from parsed JSON.
  /// - Throws: ``ProfileError`` when the value is not an object or a reserved member has the wrong type.
  public init(json: JSONValue) throws(ProfileError) {
    guard case .object(let members) = json else {
      throw ProfileError(field: "profile", message: "a profile must be a JSON object, found \(json.typeName)")
    }
    self.init()
    for (key, value) in members.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "profile_id", "customer_user_id":
        guard case .string(let s) = value else {
          if case .null = value { continue }
          throw ProfileError(field: key, message: "'\(key)' must be a string, found \(value.typeName)")
        }
        if key == "profile_id" { profileID = s } else { customerUserID = s }
        builtins[key] = value
      case "custom_attributes":
        guard case .object(let attributes) = value else {
          if case .null = value { continue }
          throw ProfileError(field: key, message: "'custom_attributes' must be an object, found \(value.typeName)")
        }
        customAttributes = attributes
      case "events":
        guard case .array(let events) = value else {
          if case .null = value { continue }
          throw ProfileError(field: key, message: "'events' must be an array of flow events, found \(value.typeName)")
        }
        for (index, event) in events.enumerated() {
          let before = warnings.count
          apply(event: event)
          if warnings.count > before { warnings[before] = "events[\(index)]: " + warnings[before] }
        }
      default:
        if BuiltinAttributes.type(of: key) != nil {
          builtins[key] = value
        } else {
          warnings.append("unknown profile member '\(UntrustedText.escaped(key))' ignored (custom attributes go in 'custom_attributes')")
        }
      }
    }
  }
}
