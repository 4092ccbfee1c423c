/// One `flow_user_input` event of the Adapty iOS SDK, decoded and validated (docs/Product.md §3).
///
/// The SDK reports an input when a field loses focus, a picker closes with a new value, or an option or toggle
/// is tapped. Element ids are unique per screen only, so an answer is keyed by (`screenID`, `elementID`).
package struct FlowEvent: Sendable, Equatable {
  /// What the event does to the answer of its (screen, element) key.
  package enum Change: Sendable, Equatable {
    /// The element now holds this answer (replacing any earlier one: last value wins).
    case set(FlowAnswer)
    /// The answer was cleared: a text or number field reported `""`, or a single choice reported no option.
    case remove
    /// An analytics event: `screen_presented` (`screenID` is the presented screen), `onboarding_completed`, or
    /// another recognised one; it answers no element (``FlowEvent/elementID`` is empty).
    case analytics(FlowMilestone)
  }

  /// The event name; always `flow_user_input` for a decoded event.
  package var name: String
  /// The screen the element sits on (`instanceId`), `nil` when the event does not say.
  package var screenID: String?
  /// The element's Element ID, or the Group ID of a selectable group (`element_id`), never empty for an input
  /// (empty for an analytics event).
  package var elementID: String
  /// The element's kind (`element_type`).
  package var elementKind: ElementKind
  /// `isBackendEvent` as sent, `nil` when absent.
  package var isBackendEvent: Bool?
  /// `isCustomerEvent` as sent, `nil` when absent.
  package var isCustomerEvent: Bool?
  /// The new answer, or its removal.
  package var change: Change
  /// The onboarding the event belongs to (`onboardingId` or `onboarding_id`), `nil` when the event does not say.
  package var onboardingID: String? = nil
  /// The option ids a `single_choice` sent after the first, which its answer leaves out (empty for every other
  /// event): a single choice answers one option.
  package var ignoredItemIDs: [String]

  /// Creates an event from already-validated parts.
  package init(
    name: String = FlowEvent.inputEventName, screenID: String?, elementID: String, elementKind: ElementKind,
    isBackendEvent: Bool? = nil, isCustomerEvent: Bool? = nil, change: Change, ignoredItemIDs: [String] = []
  ) {
    self.name = name
    self.screenID = screenID
    self.elementID = elementID
    self.elementKind = elementKind
    self.isBackendEvent = isBackendEvent
    self.isCustomerEvent = isCustomerEvent
    self.change = change
    self.ignoredItemIDs = ignoredItemIDs
  }

  /// What the event leaves out although it applies: `event 'experience': single_choice with 2 item_ids ("pro",
  /// "beginner"): the first, "pro", is the answer`. Empty for a well-formed event.
  package var warnings: [String] {
    guard !ignoredItemIDs.isEmpty, case .set(.choice(let answer)) = change else { return [] }
    let ids = ([answer] + ignoredItemIDs).prefix(5).map(IngestError.quoted).joined(separator: ", ")
    let more = ignoredItemIDs.count >= 5 ? ", …" : ""
    return [
      IngestError.prefix(elementID)
        + "\(elementKind.rawValue) with \(ignoredItemIDs.count + 1) item_ids (\(ids)\(more)): the first, "
        + "\(IngestError.quoted(answer)), is the answer"
    ]
  }

  /// The name of the events that carry user input: `flow_user_input`.
  package static let inputEventName = "flow_user_input"

  /// Decodes one event given as a JSON object (one line of a JSON Lines stream).
  ///
  /// - Parameter json: the whole event, with `name`, `instanceId`, `element_id`, `element_type` and a value.
  /// An SDK 3.x `onStateUpdatedAction` (`elementId`, `meta`, `params`) is read into the same answers, and the
  /// analytics events of ``FlowMilestone`` into the screens presented and the onboardings completed.
  ///
  /// - Returns: the event, or `nil` for any other name (ignored without further checks).
  /// - Throws: `IngestError` when `json` is not an object, `name` is missing or not a string, or an input event
  ///   is malformed: missing/empty `element_id`, missing or unknown `element_type`, a value of the wrong type,
  ///   an unparsable number, a non-integral date. The error names the field and, when known, the element.
  package static func decode(_ json: JSONValue) throws(IngestError) -> FlowEvent? {
    guard case .object(let members) = json else { throw .notAnObject(found: json.typeName) }
    guard let name = members["name"], name != .null else { throw .missing("name", element: nil) }
    guard case .string(let nameText) = name else {
      throw .wrongType("name", expected: "a string", found: name.typeName, element: nil)
    }
    if nameText == stateUpdatedEventName { return try decodeStateUpdate(members) }
    if let milestone = FlowMilestone(rawValue: nameText) { return try decodeAnalytics(milestone, members) }
    guard nameText == inputEventName else { return nil }
    return try decodeInput(members)
  }

  /// Decodes one event exactly as the iOS SDK's `didReceiveAnalyticEvent` callback delivers it.
  ///
  /// Values may be `String`, any fixed-width integer (`Int`, `Int64`, …), `Double`, `Bool`, `[String]`,
  /// `[[String: any Sendable]]`, `[String: any Sendable]`, or an `Optional` of these (`nil` counts as absent).
  /// Date pickers send `value` as an `Int` of Unix milliseconds; toggles send a `Bool`. Only the keys the
  /// decoder reads are inspected, so unrelated parameters of any type are ignored.
  ///
  /// - Note: types are checked with pure-Swift casts. On Apple platforms a parameter that arrives as an
  ///   `NSNumber` may cast to both `Bool` and `Int`; this decoder cannot tell those apart.
  /// - Parameters:
  ///   - name: the event name (the callback's first argument).
  ///   - params: the event parameters (the callback's second argument).
  /// - Returns: the event, or `nil` when `name` is not `flow_user_input`.
  /// - Throws: `IngestError` as for `decode(_:)`, and for a read key whose Swift type has no JSON counterpart.
  package static func decode(name: String, params: [String: any Sendable]) throws(IngestError) -> FlowEvent? {
    guard name == inputEventName else { return nil }
    return try decodeInput(try ParamsConversion.members(of: params))
  }
}
