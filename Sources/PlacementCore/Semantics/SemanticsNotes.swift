/// The checker's notes on declarations, conditions and predicates, as functions of typed arguments (the
/// diagnostics' own wording is in `SemanticsMessages.swift`; notes on placements, tests, layers, overrides and
/// schedules in `SemanticsNotes+Placements.swift`). Report sites use these, never a string literal.
extension Note {
  // MARK: Declarations

  /// After `redeclares-builtin`: the built-in's type.
  static func builtinType(_ name: String, _ type: AttributeType) -> Note {
    Note("built-in '\(name)' has type \(type)")
  }

  /// After `source-does-not-fit`: the types a source kind (`quiz`, `input`, `toggle`) gives.
  static func sourceKindTypes(_ kind: AttributeSource.Kind) -> Note {
    Note("'from \(kind.rawValue)' attributes are \(kind.fittingTypes)")
  }

  /// After `attribute-and-segment`.
  static var bareNameIsAmbiguous: Note { Note("a bare name in a condition must mean one thing; rename the segment") }

  /// After `unknown-attribute`: how a custom attribute is declared (`placement lint` drops it when another file of
  /// the folder declares the attribute).
  package static func declareAttribute(_ name: String) -> Note {
    Note("custom attributes must be declared: 'attribute \(name): <type>'")
  }

  // MARK: Conditions

  /// After `non-bool-reference`: a bare name of another type needs a comparison.
  static func compareIt(_ name: String) -> Note { Note("compare it, e.g. '\(name) is set'") }

  /// After `shared-version`, at the first test with the version id.
  static func versionFirstUsed(by test: String, at span: SourceSpan) -> Note {
    Note(
      "a profile's draw and sticky assignment are keyed by the version id: the tests would disagree on its "
        + "variation; first used by test '\(test)' here", at: span)
  }

  /// After `shared-version`: the fix.
  static var giveTestsTheirOwnVersions: Note {
    Note(
      "give each test its own version, or declare one cross-placement test ('test <name> version \"…\" { … }') "
        + "and name it in both rows")
  }

  /// After `salt-used-twice`, at the first rollout with the salt.
  static func saltFirstUsed(at span: SourceSpan) -> Note {
    Note("two rollouts with one salt admit the same profiles (correlated samples); first used here", at: span)
  }

  /// After `salt-is-version-id`.
  static var rolloutAndTestShareKey: Note {
    Note("a rollout and a test with one key split the same profiles the same way")
  }

  /// After `segment-cycle`.
  static var segmentCycle: Note { Note("a segment cannot depend on itself, directly or through others") }

  /// After `prerequisite-cycle`, one per edge of the cycle: where a placement reads the next one's decision.
  static func prerequisiteEdge(_ placement: String, reads subject: String, at span: SourceSpan) -> Note {
    Note("'\(placement)' reads \(subject) here", at: span)
  }

  /// After `prerequisite-cycle`.
  static var prerequisiteCycle: Note {
    Note("a placement's rows cannot read its own decision, directly or through other placements and tests")
  }

  /// After `segment-too-deep`: what counts as a level.
  static var depthCounting: Note {
    Note("each 'and', 'or' and 'not' level and each segment reference counts as one level")
  }

  /// After `segment-too-costly`.
  static var costCounting: Note {
    Note("a segment referred to several times is evaluated each time; refer to shared segments once")
  }

  // MARK: Predicates

  /// After `ignoring-case-not-applicable`.
  static var ignoringCaseApplies: Note {
    Note("'ignoring case' applies to string operators and to option ids of choice attributes")
  }

  /// After `expected-list`: `operand` is the single value as written.
  static func writeList(_ operand: String) -> Note { Note("write [\(operand)], or use '==' for one value") }

  /// After `unsupported-operator`: every operator the attribute's type supports.
  static func operators(of type: AttributeType) -> Note {
    let ops: String
    switch type {
    case .string: ops = "==, !=, in, not in, starts_with, ends_with, contains, not contains, matches"
    case .number: ops = "==, !=, <, <=, >, >=, in, not in, between"
    case .bool: ops = "==, !="
    case .version: ops = "==, !=, <, <=, >, >=, in, not in"
    case .date: ops = "<, <=, >, >=, ==, !=, before, after, between, within last, more than … ago, years_since(…)"
    case .choice: ops = "==, !=, in, not in"
    case .choices: ops = "has, has any, has all, is empty, is not empty, count(…)"
    }
    return Note("\(type.kindName) attributes support \(ops), is set, is not set")
  }

  /// After `cannot-compare` on a bare word compared with a string attribute.
  static func quoteString(_ word: String) -> Note { Note("string literals are quoted: \"\(word)\"") }

  /// After `invalid-version`.
  static var versionSyntax: Note {
    Note("versions follow SemVer 2.0.0: MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]; '2' and '2.0' mean 2.0.0")
  }

  /// After a number literal out of range.
  static var numberRange: Note {
    Note("numbers are 64-bit floating point: from 5e-324 to 1.8e308 in magnitude, or 0")
  }

  /// After `inexact-number`.
  static var exactIntegers: Note {
    Note("numbers are 64-bit floating point: integers are exact up to 2^53 (9007199254740992)")
  }

  /// After `invalid-date`.
  static var dateSyntax: Note {
    Note("write YYYY-MM-DD (00:00 UTC) or an ISO-8601 date-time with an offset, e.g. 2025-05-12T11:38:00Z")
  }

  /// After `not-an-option` when the text is an option's title.
  static func titleNotID(_ title: String, id: String) -> Note {
    Note("\"\(title)\" is the title of option '\(id)'; compare option ids, not titles")
  }

  /// After `not-an-option`: the attribute's option ids.
  static func options(of attribute: String, _ ids: [String]) -> Note {
    Note("'\(attribute)' options: \(ids.joined(separator: ", "))")
  }

  /// After `reversed-between`: the bounds as written, in the order they belong.
  static func lowerBoundFirst(_ low: String, _ high: String) -> Note {
    Note("write the lower bound first: between \(low) and \(high)")
  }
}
