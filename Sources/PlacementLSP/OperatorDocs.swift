import PlacementKit

/// Hover text of each operator: what it tests and what it gives on a missing value (docs/Semantics.md has the
/// full tables; the evaluator is the one implementation).
enum OperatorDocs {
  static func text(_ op: OperatorSyntax) -> (meaning: String, missing: String) {
    switch op {
    case .equal:
      (
        "equal to the literal (strings as written, numbers as `Double`, versions by SemVer precedence, dates as instants; a `choice` by option id)",
        "false"
      )
    case .notEqual: ("the exact complement of `==`", "**true**")
    case .less, .lessEqual, .greater, .greaterEqual:
      ("ordered comparison of numbers, versions (SemVer 2.0.0 precedence) or dates", "false")
    case .inList: ("equal to any element of the list (element-wise, never substring)", "false")
    case .notInList: ("the exact complement of `in`", "**true**")
    case .inIdList: ("the string is one of the ids of the declared list (one per line of its file)", "false")
    case .notInIdList: ("the exact complement of `in list`", "**true**")
    case .isSet: ("the value is present after coercion (`\"\"`, `0`, `false`, `[]` are present)", "false")
    case .isNotSet: ("absent, null or not readable as the declared type", "**true**")
    case .has: ("the option id is selected (`choices`)", "false")
    case .hasAny: ("at least one of the listed option ids is selected (`choices`)", "false")
    case .hasAll: ("every listed option id is selected (`choices`)", "false")
    case .isEmpty: ("nothing is selected (`choices`)", "false: a missing list is missing, not empty")
    case .isNotEmpty: ("something is selected (`choices`)", "**true**")
    case .startsWith: ("the string starts with the literal (a list: any of them)", "false")
    case .endsWith: ("the string ends with the literal (a list: any of them)", "false")
    case .contains: ("the string contains the literal (a list: any of them)", "false")
    case .notContains: ("the exact complement of `contains`", "**true**")
    case .matches:
      (
        "the pattern matches somewhere in the string (a search: anchor with `^…$`); linear-time, no backreferences",
        "false"
      )
    case .between: ("`a ≤ value ≤ b`, bounds inclusive (numbers, versions, dates)", "false")
    case .before: ("the date is strictly before the literal", "false")
    case .after: ("the date is strictly after the literal", "false")
    case .withinLast: ("`now − N ≤ value ≤ now` (a future value is not within the last N days)", "false")
    case .moreThanAgo: ("`value < now − N` (strict)", "false")
    }
  }

  static func markdown(_ op: OperatorSyntax) -> String {
    let (meaning, missing) = text(op)
    return "**`\(op.spelling)`**: \(meaning).\n\nOn a missing value (absent, `null` or unreadable): \(missing). "
      + "Positive operators are false on a missing value; `!=`, `not in`, `not contains`, `is not empty`, "
      + "`is not set` and `not (…)` are exact complements (docs/Semantics.md)."
  }
}
