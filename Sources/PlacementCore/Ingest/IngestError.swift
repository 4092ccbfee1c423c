/// A malformed `flow_user_input` event (docs/Product.md §3).
///
/// Thrown by `FlowEvent.decode`. `field` is the offending key of the event (`element_id`, `element_type`,
/// `value`, `item_ids`, `instanceId`, …), or `event` when the event as a whole is not an object. `message` is
/// lower-case, without a trailing period, and names the element when it is known, e.g.
/// `event 'experience': 'item_ids' must be an array of strings, found number`.
package struct IngestError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The key of the event that is missing or wrong (`event` for a non-object event).
  package let field: String
  /// A lower-case, human-readable explanation naming the element and the field.
  package let message: String

  /// Creates an error for `field` with a ready-made `message`.
  package init(field: String, message: String) {
    self.field = field
    self.message = message
  }

  /// The message, for printing.
  package var description: String { message }
}

// MARK: - Message catalogue

extension IngestError {
  /// The prefix naming the event: `event 'email': ` or, before the element id is known, `flow_user_input event: `.
  static func prefix(_ element: String?) -> String {
    if let element { return "event '\(UntrustedText.escaped(element))': " }
    return "flow_user_input event: "
  }

  /// The event is not a JSON object.
  static func notAnObject(found: String) -> IngestError {
    IngestError(field: "event", message: "an event must be an object, found \(found)")
  }

  /// A required key is absent (or `null`). `path` defaults to `field` (e.g. `value[0].id`).
  static func missing(_ field: String, path: String? = nil, element: String?) -> IngestError {
    IngestError(field: field, message: prefix(element) + "missing '\(path ?? field)'")
  }

  /// A key holds a value of the wrong JSON type. `path` defaults to `field` (e.g. `item_ids[1]`).
  static func wrongType(
    _ field: String, path: String? = nil, expected: String, found: String, element: String?
  ) -> IngestError {
    IngestError(field: field, message: prefix(element) + "'\(path ?? field)' must be \(expected), found \(found)")
  }

  /// `element_id` is the empty string.
  static func emptyElementID() -> IngestError {
    IngestError(field: "element_id", message: prefix(nil) + "'element_id' must not be empty")
  }

  /// `element_type` names no known element kind.
  static func unknownElementType(_ type: String, element: String) -> IngestError {
    let known = ElementKind.allCases.map(\.rawValue).joined(separator: ", ")
    return IngestError(
      field: "element_type",
      message: prefix(element) + "unknown element type \(quoted(type)) (expected one of: \(known))")
  }

  /// A `number_input` value that is not a finite decimal number.
  static func notADecimal(_ text: String, element: String) -> IngestError {
    IngestError(field: "value", message: prefix(element) + "'value' \(quoted(text)) is not a decimal number")
  }

  /// A picker value that is not an integral number of Unix milliseconds.
  static func notMilliseconds(found: String, element: String) -> IngestError {
    IngestError(
      field: "value",
      message: prefix(element) + "'value' must be an integer number of unix milliseconds, found \(found)")
  }

  /// A `number_input` value that is a decimal number a double cannot hold (`1e400`, `1e-400`).
  static func numberOutOfRange(_ text: String, element: String) -> IngestError {
    IngestError(field: "value", message: prefix(element) + "'value' \(quoted(text)) is \(DecimalText.outOfRange)")
  }

  /// A picker value beyond ±8.64e15 ms (`Instant.parsedRangeLimit`), the range every date input accepts.
  static func millisecondsOutOfRange(_ number: String, element: String) -> IngestError {
    IngestError(field: "value", message: prefix(element) + "'value' \(number) is \(Instant.outOfRange)")
  }

  /// A value of the iOS params shape whose Swift type has no JSON counterpart.
  static func unsupportedType(_ field: String, typeName: String, element: String?) -> IngestError {
    IngestError(field: field, message: prefix(element) + "'\(field)' has unsupported type \(typeName)")
  }

  /// A value of the iOS params shape nested deeper than the decoder accepts.
  static func tooDeep(_ field: String, element: String?) -> IngestError {
    IngestError(field: field, message: prefix(element) + "'\(field)' is nested too deeply")
  }

  /// `text` in double quotes, cut to 40 characters so messages stay short.
  static func quoted(_ text: String) -> String {
    "\"\(UntrustedText.escaped(text, limit: 40))\""
  }
}
