/// The typed arguments of the checker's messages, with the wording they are shown in (report
/// sites pass a value, never an English phrase).

/// The kind of a named declaration, as a message names it: `segment 'x' is declared twice`.
enum DeclarationKind: String, Sendable {
  case attribute, segment, placement, test, layer, list
}

/// Who already holds the salt a layer uses (`duplicate-salt`).
enum SaltOwner: Sendable, Hashable {
  /// A `percent(...) salt "..."` rollout.
  case rollout
  case layer(String)

  var description: String {
    switch self {
    case .rollout: "a rollout"
    case .layer(let name): "layer '\(name)'"
    }
  }
}

extension LiteralSyntax {
  /// The literal as a type mismatch names it: `string "US"`, `number 3`, `the bare word US`, `a list`.
  var shownInMismatch: String {
    switch self {
    case .string(let s, _): "string \"\(s)\""
    case .number(let n, _): "number \(n)"
    case .bool(let b, _): "bool \(b)"
    case .word(let w, _): "the bare word \(w)"
    case .list: "a list"
    case .regex: "a pattern"
    case .missing: "nothing"
    }
  }
}

extension AttributeSource.Kind {
  /// The attribute types a source of this kind gives, as the note after `source-does-not-fit` lists them.
  var fittingTypes: String {
    switch self {
    case .quiz: "choice(...) or choices(...)"
    case .toggle: "bool"
    case .input: "string, number or date"
    }
  }
}

extension DiagnosticMessage {
  // MARK: Dialect

  static func unknownDialect(_ name: String) -> Self {
    .init(SemanticsCatalog.invalidDialect, "unknown dialect '\(name)'; the dialects are 'placement' and 'adapty'")
  }

  static func conflictingDialects(_ name: String, previous: String) -> Self {
    .init(
      SemanticsCatalog.invalidDialect,
      "dialect '\(name)' conflicts with dialect '\(previous)' declared for the same rules")
  }
}
