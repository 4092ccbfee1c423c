/// One user as the engine receives it (docs/Product.md §2): identity, built-in attributes, custom attributes and,
/// optionally, the raw `flow_user_input` events the app received.
///
/// JSON shape (all members optional):
/// ```json
/// {"profile_id": "p1", "customer_user_id": "u1", "country": "US", "app_version": "2.3.0",
///  "custom_attributes": {"experience": "pro"}, "events": [{"name": "flow_user_input", ...}]}
/// ```
/// Built-in attributes are top-level members named as in `BuiltinAttributes`.
public struct Profile: Sendable, Equatable {
  /// The stable id used for A/B bucketing and rollouts: a view of `builtins["profile_id"]`, so the id that
  /// buckets and the `profile_id` attribute that conditions read are one value. Setting nil
  /// removes it. An empty or blank id is kept as given but never bucketed (see ``BoundProfile/bucketingID``).
  public var profileID: String? {
    get { Self.text(builtins["profile_id"]) }
    set { builtins["profile_id"] = newValue.map(JSONValue.string) }
  }
  /// The app's own user id: a view of `builtins["customer_user_id"]`.
  public var customerUserID: String? {
    get { Self.text(builtins["customer_user_id"]) }
    set { builtins["customer_user_id"] = newValue.map(JSONValue.string) }
  }
  /// Built-in attribute values by name, as given (coerced when bound to a rule set), `profile_id` and
  /// `customer_user_id` included.
  public var builtins: [String: JSONValue]
  /// Custom attribute values by name, as given.
  public var customAttributes: [String: JSONValue]
  /// Answers derived from the profile's flow events, last value winning.
  package var answers: FlowAnswers
  /// Problems found while reading the profile that did not make it unusable (a bad event, an unknown member).
  public var warnings: [String]
  /// Run-time QA forcing, test name → variation id (JSON member `force`): honoured only when
  /// ``ResolveOptions/allowOverrides`` is on, so production traffic cannot force itself (docs/ABTests.md).
  public var force: [String: String] = [:]
  /// Carried sticky assignments, test `version_id` → variation id (JSON member `assignments`): a `sticky` test
  /// honours the one for its version while that variation exists.
  public var assignments: [String: String] = [:]
  /// When each carried assignment was made, test `version_id` → instant (an `assignments` entry written as
  /// `{"variation": "…", "at": "<ISO-8601>"}`): a cross-placement test keeps a timed assignment for its
  /// stickiness window only, and a live one keeps the profile out of the other cross-placement tests.
  public var assignmentTimes: [String: Instant] = [:]
  /// When the profile first got a paywall (JSON member `first_paywall_at`, an ISO-8601 instant): a cross-placement
  /// test with a start enters only profiles whose first paywall came at or after it. Nil: never, or unknown (the
  /// profile is treated as new).
  public var firstPaywallAt: Instant?
  /// The behavioural events (`events` elements with an `at`) and `counters` that event conditions and caps read.
  package var activity = ProfileActivity()

  /// A profile from its parts. `profileID` and `customerUserID`, when given, are stored in `builtins`
  /// (replacing the members of the same name there).
  package init(
    profileID: String? = nil, customerUserID: String? = nil, builtins: [String: JSONValue] = [:],
    customAttributes: [String: JSONValue] = [:], answers: FlowAnswers = FlowAnswers(), warnings: [String] = []
  ) {
    self.builtins = builtins
    self.customAttributes = customAttributes
    self.answers = answers
    self.warnings = warnings
    if let profileID { self.profileID = profileID }
    if let customerUserID { self.customerUserID = customerUserID }
  }

  private static func text(_ value: JSONValue?) -> String? {
    if case .string(let s) = value { s } else { nil }
  }

  /// Applies one flow event (docs/Product.md §3): a `flow_user_input` or SDK 3.x `onStateUpdatedAction` sets an
  /// answer, an onboarding analytics event (`screen_presented`, `onboarding_completed`, …) records the screens
  /// presented and the onboardings completed; other event names change nothing; a malformed
  /// input event is skipped and reported in ``warnings``, as is what an applied event leaves out
  /// (`FlowEvent.warnings`).
  public mutating func apply(event json: JSONValue) {
    apply(Result { () throws(IngestError) in try FlowEvent.decode(json) })
  }

  /// Applies the outcome of decoding one event: the answer of an input event, with its ``FlowEvent/warnings``;
  /// `nil` (another event name) changes nothing; an error is reported in ``warnings``.
  package mutating func apply(_ decoded: Result<FlowEvent?, IngestError>) {
    switch decoded {
    case .success(let event?):
      answers.apply(event)
      warnings += event.warnings
    case .success(nil):
      break
    case .failure(let error):
      warnings.append("skipped event: \(error.message)")
    }
  }
}

/// A profile that cannot be used at all (not JSON, not an object, a member of the wrong type).
public struct ProfileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The member at fault, e.g. `custom_attributes` or `events[2]`; `json` for a document that is not valid JSON.
  public let field: String
  /// What is wrong, lower-case, without the position (e.g. `invalid JSON: expected a string key`).
  public let message: String
  /// Where invalid JSON was found: 1-based line and column (in characters, counted as rules diagnostics count
  /// them, a leading byte-order mark not counted) within the document or batch line; nil for other errors.
  /// Command-line tools print it as `FILE:LINE:COLUMN`.
  public let position: SourcePosition?
  /// `message`, followed by ` (line L, column C)` when the error has a ``position``.
  public var description: String {
    position.map { "\(message) (line \($0.line), column \($0.column))" } ?? message
  }

  /// Creates an error.
  /// - Parameters:
  ///   - field: The member at fault (`json` for invalid JSON).
  ///   - message: A lower-case message without the position.
  ///   - position: The 1-based line and column of invalid JSON, if any.
  public init(field: String, message: String, position: SourcePosition? = nil) {
    self.field = field
    self.message = message
    self.position = position
  }
}

extension Profile {
  /// Reads a profile from parsed JSON.
  ///
  /// Only the document's shape fails it: not an object, `custom_attributes` not an object, `events` not an array.
  /// A `profile_id` or `customer_user_id` that is not a string is an attribute value that cannot be coerced: it
  /// is treated as missing with a warning. `null` is the same as absent.
  /// - Throws: ``ProfileError`` when the document does not have the shape of a profile.
  public init(json: JSONValue) throws(ProfileError) {
    guard case .object(let members) = json else {
      throw ProfileError(field: "profile", message: "a profile must be a JSON object, found \(json.typeName)")
    }
    self.init()
    for (key, value) in members.sorted(by: { $0.key < $1.key }) {
      if case .null = value, BuiltinAttributes.type(of: key) != nil || Self.reserved.contains(key) { continue }
      switch (key, value) {
      case ("profile_id", .string), ("customer_user_id", .string):
        builtins[key] = value
      case ("custom_attributes", .object(let attributes)):
        customAttributes = attributes
      case ("events", .array(let events)):
        apply(events: events)
      case ("counters", .object(let map)):
        activity.readCounters(map, &warnings)
      case ("counters", _):
        warnings.append("'counters' must be an object of whole numbers, found \(value.typeName); ignored")
      case ("force", .object(let map)):
        force = Self.stringMap(key, map, &warnings)
      case ("assignments", .object(let map)):
        (assignments, assignmentTimes) = Self.assignments(map, &warnings)
      case ("first_paywall_at", .string), ("first_paywall_at", .number):
        firstPaywallAt = Self.firstPaywallAt(value, &warnings)
      case ("first_paywall_at", _):
        warnings.append(Self.badFirstPaywallAt(value.typeName))
      case ("force", _), ("assignments", _):
        warnings.append("'\(key)' must be an object of strings, found \(value.typeName); ignored")
      case ("profile_id", _), ("customer_user_id", _):
        warnings.append("'\(key)' must be a string, found \(value.typeName); treated as missing")
      case ("custom_attributes", _):
        throw ProfileError(field: key, message: "'custom_attributes' must be an object, found \(value.typeName)")
      case ("events", _):
        throw ProfileError(field: key, message: "'events' must be an array of flow events, found \(value.typeName)")
      default:
        if BuiltinAttributes.type(of: key) != nil {
          builtins[key] = value
        } else {
          warnings.append(Self.unknownMemberWarning(key))
        }
      }
    }
  }

  /// Applies the elements of a profile's `events` member in order; each warning an event adds names its index
  /// (`events[2]: skipped event: …`).
  mutating func apply(events: [JSONValue]) {
    var activity = self.activity
    for (index, event) in events.enumerated() { apply(event: event, at: index, recordingIn: &activity) }
    activity.finish(&warnings)
    self.activity = activity
  }

  /// Applies element `index` of a profile's `events` member: a flow event to this profile, each warning it adds
  /// naming its index (`events[2]: skipped event: …`), and a behavioural event to `activity`.
  package mutating func apply(event: JSONValue, at index: Int, recordingIn activity: inout ProfileActivity) {
    let before = warnings.count
    apply(event: event)
    for added in before..<warnings.count { warnings[added] = "events[\(index)]: " + warnings[added] }
    activity.record(event, index: index, &warnings)
  }

  /// Top-level members that are not attributes.
  private static let reserved: Set<String> = [
    "custom_attributes", "events", "force", "assignments", "first_paywall_at", "counters",
  ]

  /// The string members of `force`; any other value costs only its member, with a warning.
  private static func stringMap(_ key: String, _ map: [String: JSONValue], _ warnings: inout [String]) -> [String:
    String]
  {
    var result: [String: String] = [:]
    for (name, value) in map.sorted(by: { $0.key < $1.key }) {
      guard case .string(let text) = value else {
        warnings.append(
          "'\(key).\(UntrustedText.escaped(name))' must be a variation id string, found \(value.typeName); ignored")
        continue
      }
      result[name] = text
    }
    return result
  }
}

extension Profile {
  /// The warning of a top-level member that is neither a built-in attribute nor one of the profile's own
  /// members: resolution ignores it.
  package static func unknownMemberWarning(_ key: String) -> String {
    "unknown profile member '\(UntrustedText.escaped(key))' ignored (custom attributes go in 'custom_attributes')"
  }
}
