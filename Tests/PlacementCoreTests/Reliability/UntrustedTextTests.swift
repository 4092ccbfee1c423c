import Testing

@testable import PlacementCore

/// Values and member names from profiles never reach a message with a line break, an escape sequence or a
/// bidirectional override: a hostile profile cannot forge a log line or restyle a terminal.
@Suite struct UntrustedTextTests {
  @Test func escapesControlAndFormattingScalarsAndCuts() {
    #expect(UntrustedText.escaped("a\nb\r\tc\\d") == #"a\nb\r\tc\\d"#)
    #expect(UntrustedText.escaped("\u{1B}[31mred\u{7}") == #"\u{1B}[31mred\u{7}"#)
    #expect(UntrustedText.escaped("abc\u{202E}fed\u{2066}") == #"abc\u{202E}fed\u{2066}"#)
    #expect(UntrustedText.escaped("é😀 ok") == "é😀 ok")
    #expect(UntrustedText.escaped(String(repeating: "x", count: 100), limit: 5) == "xxxxx…")
  }

  /// A value shown between double quotes (explain's `seen:`, warnings) escapes its own quotes: `"a"b\c"` could
  /// not be told from the value `a` followed by text (newcomer trial of the core issue).
  @Test func quotedValuesEscapeTheirQuote() {
    #expect(UntrustedText.escaped(#"a"b\c"#, quote: "\"") == #"a\"b\\c"#)
    #expect(UntrustedText.escaped(#"it's"#) == #"it's"#)
    #expect(Coercion.show(.string(#"a"b"#)) == #""a\"b""#)
    #expect(Value.string(#"say "hi""#).display(.string) == #""say \"hi\"""#)
  }

  @Test func hostileMemberNamesAndValuesInProfileMessages() throws {
    let json =
      #"{"profile_id":"p","\u001b]0;title\u0007":1,"custom_attributes":{"nick\n<stdin>:9: error: forged":"\#(String(repeating: "y", count: 2_000))"}}"#
    // The long value of an undeclared attribute is never read (no whole-profile error).
    let read = try Profile(jsonBytes: Array(json.utf8))
    #expect(read.warnings.allSatisfy { !$0.contains("\n") })
    let profile = try Profile(jsonBytes: Array(#"{"\u001b]0;title\u0007":1}"#.utf8))
    #expect(
      profile.warnings == [
        #"unknown profile member '\u{1B}]0;title\u{7}' ignored (custom attributes go in 'custom_attributes')"#
      ])
  }

  @Test func hostileValuesInCoercionWarnings() {
    let attribute = AttributeDefinition(
      name: "age", type: .number, source: nil, isBuiltin: true, slot: 0, span: nil)
    let bound = BoundProfile(
      Profile(builtins: ["age": .string("1\n<stdin>:3: error: forged")]), attributes: [attribute])
    #expect(bound.warnings.count == 1)
    #expect(bound.warnings.allSatisfy { !$0.contains("\n") })
    #expect(bound.warnings.first?.contains(#""1\n<stdin>:3: error: forged""#) == true)
  }

  /// Invisible characters are escaped like bidirectional controls, unless they do visible work where they stand:
  /// a joiner inside an emoji or between Persian letters, a variation selector after an emoji.
  @Test func invisibleCharactersAreEscapedWhereTheyHideADifference() {
    #expect(UntrustedText.escaped("US\u{200B}") == #"US\u{200B}"#)
    #expect(UntrustedText.escaped("\u{FEFF}a\u{2060}b\u{00AD}c") == #"\u{FEFF}a\u{2060}b\u{AD}c"#)
    #expect(UntrustedText.escaped("p\u{200D}q") == #"p\u{200D}q"#)
    #expect(UntrustedText.escaped("US\u{FE0F}") == #"US\u{FE0F}"#)
    #expect(UntrustedText.escaped("\u{E0041}") == #"\u{E0041}"#)
    // Visible work: kept as written.
    #expect(UntrustedText.escaped("👩\u{200D}💻") == "👩\u{200D}💻")
    #expect(UntrustedText.escaped("❤\u{FE0F}") == "❤\u{FE0F}")
    #expect(UntrustedText.escaped("1\u{FE0F}\u{20E3}") == "1\u{FE0F}\u{20E3}")
    #expect(UntrustedText.escaped("می\u{200C}خواهم") == "می\u{200C}خواهم")
    // Rules text keeps its backslashes, so showing it twice changes nothing.
    #expect(displayRuleText(displayRuleText(#"/\d+/\#u{200B}"#)) == #"/\d+/\u{200B}"#)
  }

  /// A source excerpt shows each escaped character as its escape, with the caret under the same character.
  @Test func anExcerptEscapesAndKeepsTheCaretUnderItsCharacter() {
    #expect(DiagnosticRenderer.displayed("a\u{202E}b\tc") == ["a", #"\u{202E}"#, "b", "\t", "c"])
    let file = SourceFile(name: "x.rules", text: "segment s = country == \"\u{202E}SU\" and nope")
    let offset = Array(file.text.utf8).count - 4
    let diagnostic = Diagnostic(
      "unknown-segment", "unknown segment 'nope'",
      at: SourceSpan(
        file: file, range: SourceRange(start: offset, end: offset + 4)))
    let lines = DiagnosticRenderer().render(diagnostic).split(separator: "\n").map(String.init)
    #expect(lines[1] == #" 1 | segment s = country == "\u{202E}SU" and nope"#)
    #expect(lines[2] == "   | " + String(repeating: " ", count: 40) + "^~~~")
  }
}
