import Testing

@testable import PlacementKit

/// Did-you-mean distances: ASCII names are compared byte by byte, any other text character by character, with
/// the same answers.
@Suite struct SuggestionsTests {
  @Test func editDistanceCountsCharacters() {
    #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    #expect(Suggestions.editDistance("", "abc") == 3)
    #expect(Suggestions.editDistance("music_fans", "music_fans") == 0)
    // Not ASCII: characters, so a precomposed é equals e + combining acute, and é is one edit from e.
    #expect(Suggestions.editDistance("caf\u{E9}", "cafe\u{301}") == 0)
    #expect(Suggestions.editDistance("café", "cafe") == 1)
    // "\r\n" is one character: one substitution, not a substitution and a deletion of bytes.
    #expect(Suggestions.editDistance("\r\n", "x") == 1)
  }

  @Test func closestIsWithinAThirdOfTheLength() {
    #expect(Suggestions.closest(to: "music_fan", in: ["yoga_fans", "music_fans"]) == "music_fans")
    #expect(Suggestions.closest(to: "Music_Fans", in: ["music_fans"]) == "music_fans")
    #expect(Suggestions.closest(to: "xyz", in: ["music_fans"]) == nil)
  }

  @Test func sortingByPositionKeepsEqualDiagnosticsInOrder() {
    let file = SourceFile(name: "a.rules", text: "segment a = x\nsegment b = y\n")
    let at = { (offset: Int) in SourceSpan(file: file, range: SourceRange(start: offset, end: offset + 1)) }
    let diagnostics = [
      Diagnostic("z-code", "third", at: at(14)), Diagnostic("b-code", "first", at: at(0)),
      Diagnostic("b-code", "second", at: at(0)), Diagnostic("a-code", "before both", at: at(0)),
      Diagnostic("b-code", "no span", at: nil),
    ]
    #expect(diagnostics.sortedByPosition().map(\.message) == ["no span", "before both", "first", "second", "third"])
  }
}
