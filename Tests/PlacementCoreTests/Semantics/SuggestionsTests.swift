import TestSupport
import Testing

@testable import PlacementCore

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

  /// Asked for, beyond the edit distance, a name that a candidate extends by whole words is suggested: the
  /// placement a user calls by its first or last word. Not for fix-its: `pros` is not `pros_on_new_app`.
  @Test func aNameExtendedByWholeWordsIsSuggestedWhenAskedFor() {
    #expect(Suggestions.closest(to: "onboarding", in: ["onboarding_end"]) == nil)
    #expect(Suggestions.closest(to: "pros", in: ["pros_on_new_app"]) == nil)
    func closest(to name: String, in candidates: [String]) -> String? {
      Suggestions.closest(to: name, in: candidates, wholeWords: true)
    }
    let placements = ["onboarding_end", "main_paywall", "upgrade_prompt"]
    #expect(closest(to: "onboarding", in: placements) == "onboarding_end")
    #expect(closest(to: "paywall", in: placements) == "main_paywall")
    #expect(closest(to: "Paywall", in: placements) == "main_paywall")
    // The shortest extension wins, then code-point order; an edit-distance match beats any extension.
    #expect(closest(to: "music", in: ["music_fans_eu", "music_fans", "music_lovers"]) == "music_fans")
    #expect(closest(to: "music", in: ["music_b", "music_a"]) == "music_a")
    #expect(closest(to: "music_fan", in: ["music_fan_club", "music_fans"]) == "music_fans")
    // Not a whole word, too short a name, or the name in the middle: no suggestion.
    #expect(closest(to: "onboard", in: placements) == nil)
    #expect(closest(to: "up", in: ["up_sell"]) == nil)
    #expect(closest(to: "paywall", in: ["main_paywall_v2"]) == nil)
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
