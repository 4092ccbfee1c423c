import Testing

@testable import PlacementKit

/// Did-you-mean distances (optimal string alignment): ASCII names are compared byte by byte, any other text
/// character by character, with the same answers.
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

  @Test func aSwapOfNeighboursIsOneEdit() {
    #expect(Suggestions.editDistance("hihgs", "highs") == 1)
    #expect(Suggestions.editDistance("ab", "ba") == 1)
    #expect(Suggestions.editDistance("pors", "pros") == 1)
    // Two swaps, and a swap beside a substitution.
    #expect(Suggestions.editDistance("abcd", "badc") == 2)
    #expect(Suggestions.editDistance("abcx", "bacy") == 2)
    // Optimal string alignment edits no substring twice: "ca" → "ac" → "abc" is not allowed, so 3 (unrestricted
    // Damerau–Levenshtein would say 2).
    #expect(Suggestions.editDistance("ca", "abc") == 3)
    // Characters, not bytes: swapping é and a is one edit.
    #expect(Suggestions.editDistance("\u{E9}a", "a\u{E9}") == 1)
  }

  @Test func aTransposedNameGetsASuggestion() {
    // Five characters allow one edit: the swap alone.
    #expect(Suggestions.closest(to: "hihgs", in: ["lows", "highs"]) == "highs")
    let compilation = compile(
      """
      segment highs = age > 60
      placement p: flow {
        hihgs -> flow music
        default -> flow generic
      }
      """)
    #expect(compilation.diagnostics.map(\.message) == ["unknown segment 'hihgs'"])
    #expect(compilation.diagnostics.first?.notes.map(\.message) == ["did you mean 'highs'?"])
    #expect(compilation.diagnostics.first?.fixIts.first?.replacement == "highs")
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
