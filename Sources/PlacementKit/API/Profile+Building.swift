import PlacementCore

/// Building a profile in code: identity, built-in and custom attributes, and flow events exactly as the iOS SDK
/// delivers them, so an app's payload can be forwarded unchanged.
///
/// ```swift
/// var profile = Profile(id: "3f1c2a9e")
/// try profile.setAttribute("country", to: "US")
/// profile.customAttributes["experience"] = "pro"
/// profile.apply(eventNamed: name, params: params)   // from the app's didReceiveAnalyticEvent callback
/// ```
extension Profile {
  /// A profile with its stable id (used for A/B bucketing and rollouts).
  /// - Parameters:
  ///   - id: the `profile_id`.
  ///   - customerUserID: the app's own user id, if any.
  public init(id: String, customerUserID: String? = nil) {
    self.init(profileID: id, customerUserID: customerUserID)
  }

  /// Sets a built-in attribute (`country`, `app_version`, `age`, …; see `docs/Language.md`), as the top-level
  /// member of the profile JSON would. The value is coerced by the attribute's type when the profile is bound;
  /// `.null` means missing.
  /// - Parameters:
  ///   - name: the built-in attribute's name.
  ///   - value: its value: a string, number or bool (a version or date as a string, a date also as Unix ms).
  /// - Throws: ``ProfileError`` when `name` is not a built-in attribute (custom attributes go in
  ///   ``customAttributes``), or `profile_id`/`customer_user_id` is given a non-string.
  public mutating func setAttribute(_ name: String, to value: JSONValue) throws(ProfileError) {
    switch name {
    case "profile_id", "customer_user_id":
      let text: String?
      switch value {
      case .string(let s): text = s
      case .null: text = nil
      default: throw ProfileError(field: name, message: "'\(name)' must be a string, found \(value.typeName)")
      }
      builtins[name] = text.map(JSONValue.string)
    default:
      guard BuiltinAttributes.type(of: name) != nil else {
        let hint = Suggestions.closest(to: name, in: BuiltinAttributes.all.map(\.name)).map {
          "; did you mean '\($0)'?"
        }
        throw ProfileError(
          field: name,
          message: "'\(name)' is not a built-in attribute\(hint ?? "") (custom attributes go in customAttributes)")
      }
      builtins[name] = value
    }
  }

  /// Applies one event exactly as the iOS SDK's `didReceiveAnalyticEvent` callback delivers it
  /// (docs/Product.md §3): `flow_user_input` events update the answers (last value wins per screen and element);
  /// other events (`flow_screen_showed`, …) change nothing; a malformed input event is skipped and reported in
  /// ``warnings``, which every decision for this profile carries, as is what an applied event leaves out (the
  /// extra `item_ids` of a single choice: `FlowEvent.warnings`).
  /// - Parameters:
  ///   - name: the event name (the callback's first argument).
  ///   - params: the event parameters (the callback's second argument): `String`, integers, `Double`, `Bool`,
  ///     arrays and dictionaries of those; date pickers send Unix **milliseconds**.
  public mutating func apply(eventNamed name: String, params: [String: any Sendable]) {
    apply(Result { () throws(IngestError) in try FlowEvent.decode(name: name, params: params) })
  }
}
