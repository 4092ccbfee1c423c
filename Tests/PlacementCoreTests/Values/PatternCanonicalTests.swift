import TestSupport
import Testing

@testable import PlacementCore

/// `matches` follows the canonical equivalence of `==`, `contains` and `in`: text and literals are compared in NFC.
@Suite struct PatternCanonicalTests {
  @Test(arguments: [
    ("^caf\u{E9}$", "cafe\u{301}", true),  // precomposed pattern, decomposed value
    ("^cafe\u{301}$", "caf\u{E9}", true),  // decomposed pattern, precomposed value
    ("^caf\\x{E9}$", "cafe\u{301}", true),
    ("^cafe\\x{301}$", "caf\u{E9}", true),  // an escaped combining mark composes with the literal before it
    ("^.$", "e\u{301}", true),  // `.` matches one scalar of the NFC text
    ("^caf.$", "cafe\u{301}", true),
    ("cafe", "cafe\u{301}", false),  // as `contains "cafe"`: the `e` is part of `é`
    ("^\u{212B}$", "\u{C5}", true),  // ANGSTROM SIGN is Å in NFC, in the pattern as in the value
    ("^\u{C5}$", "\u{212B}", true),
    ("^q\u{307}\u{323}$", "q\u{323}\u{307}", true),  // combining marks in canonical order
    ("^[\u{E9}]$", "e\u{301}", true),
    ("^E\u{301}$", "\u{E9}", false),
  ])
  func literalsAndValuesInNFC(pattern: String, text: String, expected: Bool) throws {
    #expect(try Pattern(pattern).matches(text) == expected)
  }

  @Test func ignoringCaseStillFoldsAfterNormalizing() throws {
    #expect(try Pattern("^CAF\u{C9}$", ignoringCase: true).matches("cafe\u{301}"))
  }

  /// The newcomer trial's reproduction: `==` and `matches` agree on a decomposed value.
  @Test func equalityAndMatchesAgree() throws {
    let rules = """
      attribute name: string
      segment eq = name == "caf\u{E9}"
      segment re = name matches /^caf\u{E9}$/

      placement by_eq: flow {
        eq      -> flow matched
        default -> flow not_matched
      }

      placement by_re: flow {
        re      -> flow matched
        default -> flow not_matched
      }
      """
    let profile = #"{"custom_attributes":{"name":"cafe\u0301"}}"#
    #expect(try decide(rules, profile, placement: "by_eq").content == .flow(id: "matched", paywall: nil))
    #expect(try decide(rules, profile, placement: "by_re").content == .flow(id: "matched", paywall: nil))
  }

  /// The normalization is the standard library's NFC (what `==` compares), whatever the mix of scripts and marks.
  @Test func normalizationEqualsTheStandardLibrarysNFC() {
    var random = SplitMix64(state: 5)
    let pieces: [String] = [
      "a", "e", "E", "q", "\u{E9}", "\u{C5}", "\u{212B}", "\u{301}", "\u{300}", "\u{323}", "\u{307}", "\u{345}",
      "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{958}", "\u{1F82}", "\u{3B1}", "😀", " ", "\u{200D}",
      "\u{B47}", "\u{B3E}", "\u{304B}", "\u{3099}", "\u{2FF}", "\u{FB2C}", "\u{1D160}", "\u{344}", "x\u{301}y",
    ]
    for _ in 0..<4_000 {
      let text = (0..<random.below(16)).map { _ in random.pick(pieces) }.joined()
      let whole = String(decoding: text._nfcCodeUnits, as: UTF8.self)
      #expect(Array(CanonicalText.nfc(text).unicodeScalars) == Array(whole.unicodeScalars), "\(text.debugDescription)")
    }
  }

  /// A text with a run of combining marks over the cap is left as it is, so normalizing stays linear in the
  /// text's length; a run at the cap is normalized.
  @Test func aRunOfMarksOverTheCapIsLeftAlone() {
    let marks = { (count: Int) in String(repeating: "\u{301}\u{323}", count: count / 2) }
    let atCap = "e" + marks(CanonicalText.maxCombiningRun) + " caf\u{E9}"
    #expect(Array(CanonicalText.nfc(atCap).unicodeScalars).first == "\u{1EB9}")  // e + dot below
    let over = "e" + marks(CanonicalText.maxCombiningRun + 2) + " cafe\u{301}"
    #expect(Array(CanonicalText.nfc(over).unicodeScalars) == Array(over.unicodeScalars))
    let short = "e\u{301}\u{323}"
    #expect(Array(CanonicalText.nfc(short).unicodeScalars) == ["\u{1EB9}", "\u{301}"])
  }

  /// Below U+0300 (Latin-1, Latin Extended, spacing modifiers) every scalar is already in NFC, which the
  /// normalization's shortcut relies on.
  @Test func scalarsBelowCombiningMarksAreInNFC() {
    // The shortcut's byte test: every scalar below U+0300 has a UTF-8 lead byte below 0xCC, and U+0300 has 0xCC.
    #expect(Array("\u{2FF}".utf8) == [0xCB, 0xBF])
    #expect(Array("\u{300}".utf8) == [0xCC, 0x80])
    for value in UInt32(0x80)..<0x300 {
      let text = String(Unicode.Scalar(value)!)
      #expect(text._nfcCodeUnits == Array(text.utf8), "U+\(String(value, radix: 16))")
    }
  }
}
