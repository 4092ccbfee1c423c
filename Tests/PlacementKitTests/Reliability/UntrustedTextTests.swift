import Testing

@testable import PlacementCore
@testable import PlacementKit

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
    // The long value of an undeclared attribute is never read (issue 11, decision 4: no whole-profile error).
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
}
