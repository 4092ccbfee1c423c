import Testing

@testable import PlacementCore

/// Fix-its in the text rendering: the summary every format shows, then the edits when they say more than the
/// summary and the caret.
@Suite struct FixItRenderingTests {
  let file = SourceFile(name: "a.rules", text: "segment eu = country in [\"DE\", \"DE\"] and pro\n")

  func span(_ start: Int, _ end: Int) -> SourceSpan {
    SourceSpan(file: file, range: SourceRange(start: start, end: end))
  }

  func fixItLines(_ diagnostic: Diagnostic) -> [String] {
    DiagnosticRenderer().render(diagnostic).split(separator: "\n").dropFirst(3).map(String.init)
  }

  @Test func oneEditOfTheUnderlinedNameShowsTheSummaryOnly() {
    let name = span(41, 44)
    let diagnostic = Diagnostic("unknown-segment", "unknown segment 'pro'", at: name, fixIts: [.use("pros", at: name)])
    #expect(fixItLines(diagnostic) == ["   = fix-it: use 'pros'"])
  }

  @Test func anEditBesideTheCaretIsListedUnderTheSummary() {
    let diagnostic = Diagnostic(
      "duplicate-list-element", "\"DE\" is listed twice", at: span(31, 35),
      fixIts: [FixIt(message: "remove the repeated \"DE\"", span: span(29, 35), replacement: "")])
    #expect(
      fixItLines(diagnostic) == [
        "   = fix-it: remove the repeated \"DE\"",
        "             remove ', \"DE\"'",
      ])
  }

  @Test func aFixOfSeveralEditsIsOneSummaryWithEachEdit() {
    let fixes = [
      FixIt(message: "rebalance the weights to 50% + 50%", span: span(25, 29), replacement: "\"FR\""),
      FixIt(message: "rebalance the weights to 50% + 50%", span: span(31, 35), replacement: "\"IT\""),
      FixIt(message: "insert", span: span(44, 44), replacement: "s"),
    ]
    let diagnostic = Diagnostic("x", "x", at: span(25, 35), fixIts: fixes)
    #expect(
      fixItLines(diagnostic) == [
        "   = fix-it: rebalance the weights to 50% + 50%",
        "             replace '\"DE\"' with '\"FR\"'",
        "             replace '\"DE\"' with '\"IT\"'",
        "   = fix-it: insert",
        "             insert 's'",
      ])
    #expect(fixes.groupedByMessage().map(\.edits.count) == [2, 1])
  }
}
