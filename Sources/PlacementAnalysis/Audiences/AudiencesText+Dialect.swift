extension AudiencesText {
  /// The list of placements' closing paragraph for rules that declare a dialect (after a blank line), as each
  /// placement's table ends with it; empty when the rules declare none.
  package static func dialect(of tables: [AudienceTable]) -> String {
    guard let dialect = tables.first?.dialect else { return "" }
    return "\n" + paragraph(dialectNote(dialect))
  }
}
