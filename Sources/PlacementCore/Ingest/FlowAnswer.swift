/// One answer decoded from a `flow_user_input` event (docs/Product.md §3).
///
/// The case follows the element kind (see `ElementKind.answerType`), never the shape of the payload:
/// an old-style `{id, title}` object and a modern `item_ids` array give the same `.choice`.
package enum FlowAnswer: Sendable, Equatable {
  /// A text, e-mail or phone input, exactly as typed (not trimmed; never empty: `""` removes the answer).
  case text(String)
  /// A number input, parsed from its decimal string (finite).
  case number(Double)
  /// A date, time or date-time picker: the instant in Unix **milliseconds** as sent by the SDK. A `date_picker`
  /// sends the user's local midnight; the instant is stored as given, not converted.
  case date(millisecondsSince1970: Int64)
  /// A single-choice group: the one selected option id (`item_ids.first`), never its title.
  case choice(String)
  /// A multi-choice group: every selected option id, in the order sent, duplicates dropped (first kept).
  /// Empty when the user deselected the last option.
  case choices([String])
  /// A toggle.
  case toggle(Bool)
  /// An SDK 3.x `select`: the chosen `{id, value, label}` option; the attribute's source says whether its `id` or
  /// its `value` is the option id (``keyed(by:)``).
  case option(FlowOption)
  /// An SDK 3.x `multiSelect`: every chosen option, in the order sent (empty when none is left).
  case options([FlowOption])

  /// The attribute type this answer derives: `string`, `number`, `date`, `choice`, `choices` or `bool`.
  package var typeName: String {
    switch self {
    case .text: "string"
    case .number: "number"
    case .date: "date"
    case .choice: "choice"
    case .choices: "choices"
    case .toggle: "bool"
    case .option: "choice"
    case .options: "choices"
    }
  }
}

/// The `element_type` of a `flow_user_input` event; raw values are the SDK's strings (docs/Product.md §3).
package enum ElementKind: String, Sendable, CaseIterable {
  /// `text_input`: `value` is a String.
  case textInput = "text_input"
  /// `email_input`: `value` is a String.
  case emailInput = "email_input"
  /// `phone_input`: `value` is a String.
  case phoneInput = "phone_input"
  /// `number_input`: `value` is a String holding a decimal number.
  case numberInput = "number_input"
  /// `date_picker`: `value` is an Int, Unix milliseconds of local midnight.
  case datePicker = "date_picker"
  /// `time_picker`: `value` is an Int, Unix milliseconds.
  case timePicker = "time_picker"
  /// `date_time_picker`: `value` is an Int, Unix milliseconds.
  case dateTimePicker = "date_time_picker"
  /// `single_choice`: `item_ids` holds the selected option id (older payloads: `value` = `{id, title}`).
  case singleChoice = "single_choice"
  /// `multi_choice`: `item_ids` holds all selected option ids (older payloads: `value` = `[{id, title}]`).
  case multiChoice = "multi_choice"
  /// `toggle`: `value` is a Bool.
  case toggle = "toggle"

  /// The attribute type derived from this kind: `string`, `number`, `date`, `choice`, `choices` or `bool`
  /// (the same names as `FlowAnswer.typeName`).
  package var answerType: String {
    switch self {
    case .textInput, .emailInput, .phoneInput: "string"
    case .numberInput: "number"
    case .datePicker, .timePicker, .dateTimePicker: "date"
    case .singleChoice: "choice"
    case .multiChoice: "choices"
    case .toggle: "bool"
    }
  }
}
