import TestSupport
import Testing

@testable import PlacementCore

/// Rules files of garbage, huge lines and thousands of mistakes: memory, time and output stay proportional to
/// what is shown, not to the size of the mistake. (Before: a 4 MiB line of junk took 2 GB and printed 835 MB;
/// 20,000 unknown references took more than 5 minutes computing did-you-means.)
@Suite(.tags(.slow), .notInQuickLane) struct GarbageRulesTests {
  @Test func aRunOfJunkIsOneTokenAndOneDiagnostic() {
    let junk = String(repeating: "@", count: 1 << 20)
    let compilation = HostileRules.compile(HostileRules.withPlacement("segment a = " + junk, row: "a"))
    // The missing condition is not reported again at the junk's column (one error per position).
    #expect(compilation.diagnostics.map(\.code) == ["unexpected-character"])
    #expect(
      compilation.diagnostics.map(\.message) == ["unexpected characters '" + String(repeating: "@", count: 20) + "…'"])
  }

  @Test func syntaxDiagnosticsPerFileAreCappedAndCounted() {
    let text = HostileRules.withPlacement("segment a = " + String(repeating: "@ ", count: 10), row: "a")
    let capped = HostileRules.compile(text, options: CompileOptions(syntax: SyntaxLimits(maxDiagnosticsPerFile: 4)))
    // 10 unexpected characters: 4 recorded, 6 counted in the summary at the end.
    #expect(capped.diagnostics.map(\.code) == Array(repeating: "unexpected-character", count: 4) + ["too-many-errors"])
    #expect(capped.diagnostics.last?.message == "too many syntax errors: 6 more in this file were not reported")
    let full = HostileRules.compile(text)
    #expect(full.diagnostics.count == 10)
  }

  @Test func didYouMeanIsComputedForTheFirstHundredUnknownNamesOnly() {
    var text = ""
    for i in 0..<300 { text += "segment s\(i) = t\(i)\n" }
    let compilation = HostileRules.compile(
      HostileRules.withPlacement(text, row: "s0"), options: CompileOptions(maxDiagnostics: 1_000))
    #expect(compilation.diagnostics.count == 300)
    let suggested = compilation.diagnostics.map { $0.notes.map(\.message) }
    let withSuggestion = suggested.map { $0.count == 1 && $0[0].hasPrefix("did you mean 's") }
    #expect(withSuggestion == Array(repeating: true, count: 100) + Array(repeating: false, count: 200))
    #expect(suggested.dropFirst(100).filter { !$0.isEmpty }.count == 0)
    #expect(suggested[7] == ["did you mean 's7'?"])
  }

  @Test func suggestionsSkipHugeNamesAndFarLengths() {
    #expect(
      Suggestions.closest(to: "experiance", in: ["experience", "x", String(repeating: "e", count: 100_000)])
        == "experience")
    #expect(
      Suggestions.closest(to: String(repeating: "a", count: 200), in: [String(repeating: "a", count: 199)]) == nil)
  }

  @Test func longLinesRenderAWindowAroundTheCaret() throws {
    let filler = (0..<100).map { "age > \($0)" }.joined(separator: " and ")  // 1,190 characters
    let text = "segment a = " + filler + " and agee > 1 and " + filler + "\n"
    let compilation = HostileRules.compile(HostileRules.withPlacement(text, row: "a"))
    let diagnostic = try #require(compilation.diagnostics.first)
    #expect(
      diagnostic.locationDescription == "hostile.rules:1:\("segment a = ".count + filler.count + " and ".count + 1)")
    let rendered = DiagnosticRenderer().render(diagnostic).split(separator: "\n").map(String.init)
    // 40 characters of context before the caret, 120 in all, `…` on both cut ends.
    #expect(
      rendered[1]
        == " 1 | … age > 97 and age > 98 and age > 99 and agee > 1 and age > 0 and age > 1 and age > 2 and age > 3 and age > 4 and age > 5…"
    )
    #expect(rendered[2] == "   | " + String(repeating: " ", count: 41) + "^~~~")
    #expect(String(Array(rendered[1])[(5 + 41)..<(5 + 45)]) == "agee")
  }

  /// A line of up to 120 characters is shown whole, whatever the caret's column (the newcomer trial of
  /// 2026-12-02 saw a 72-character line cut at the left); a longer one with the caret near its end ends with it.
  @Test func aLineThatFitsIsShownWholeAndALongOneEndsWithTheLine() throws {
    let fits = "segment a = age > 1 and age > 2 and age > 3 and age > 4 and age > 5 and agee > 1"  // 81 characters
    let whole = DiagnosticRenderer().render(
      try #require(HostileRules.compile(HostileRules.withPlacement(fits + "\n", row: "a")).diagnostics.first)
    )
    .split(separator: "\n").map(String.init)
    #expect(whole[1] == " 1 | " + fits)
    #expect(whole[2] == "   | " + String(repeating: " ", count: fits.count - 8) + "^~~~")
    let long = String(repeating: "age > 1 and ", count: 12) + "agee > 1"  // 152 characters after `segment a = `
    let text = "segment a = " + long
    let rendered = DiagnosticRenderer().render(
      try #require(HostileRules.compile(HostileRules.withPlacement(text + "\n", row: "a")).diagnostics.first)
    )
    .split(separator: "\n").map(String.init)
    // The last 120 characters, so the caret's 40 characters of context are not taken from the line's end.
    #expect(rendered[1] == " 1 | …" + String(text.suffix(120)))
    #expect(rendered[2] == "   | " + String(repeating: " ", count: 1 + 120 - 8) + "^~~~")
  }

  @Test func controlCharactersInRulesDoNotReachTheTerminal() throws {
    let compilation = HostileRules.compile(HostileRules.withPlacement("segment a = agee \u{1B}[2J> 1", row: "a"))
    let rendered = DiagnosticRenderer().render(compilation.diagnostics)
    #expect(!rendered.contains("\u{1B}"))
    #expect(rendered.contains("unexpected character '\\u{1B}'"))
    #expect(rendered.contains(" 1 | segment a = agee \\u{1B}[2J> 1"))
  }
}
