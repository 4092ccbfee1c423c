extension DiagnosticMessage {
  static var invalidEventFilter: Self {
    .init(SemanticsCatalog.typeMismatch, "an event property is compared with one string, number, word, true or false")
  }

  static var cappedDefault: Self {
    .init(
      SemanticsCatalog.cappedDefault,
      "the default row cannot have a cap: once the cap is reached nothing would decide")
  }

  static func invalidCapLimit(limit: Int) -> Self {
    .init(SemanticsCatalog.invalidLiteral, "a cap's limit must be a whole number of showings from 1 to \(limit)")
  }
}
