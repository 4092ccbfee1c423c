extension Parser {
  /// A schedule: `[from "<instant>"] [until "<instant>"]` on the line of a row's segment or a test's header.
  /// Nil (nothing consumed) when neither keyword follows on the same line. `until … from …` is reported once and
  /// read as written, so the checker still sees both instants.
  mutating func parseWindow() -> WindowSyntax? {
    guard !current.atLineStart, current.isWord("from") || current.isWord("until") else { return nil }
    let start = current.range.start
    var from = parseWindowBound("from")
    let until = parseWindowBound("until")
    if from == nil, until != nil, !current.atLineStart, current.isWord("from") {
      report(.windowOrder, current.range)
      from = parseWindowBound("from")
    }
    return WindowSyntax(from: from, until: until, range: span(from: start))
  }

  /// `<word> "<instant>"`: the instant as written (a missing name after an error), or nil when `word` is not next.
  /// An unquoted date (`from 2026-12-20`) is reported with a fix-it that quotes it, and read as the string.
  mutating func parseWindowBound(_ word: String) -> Name? {
    guard !current.atLineStart, consumeWord(word) != nil else { return nil }
    if current.kind == .number, !current.atLineStart, case .string(let text, let range)? = unquotedDate() {
      return Name(text: text, range: range)
    }
    guard !current.atLineStart, let token = consume(.string) else {
      reportExpected(.instant(after: word))
      return Name.missing(at: previousEnd)
    }
    return Name(text: token.value, range: token.range)
  }
}
