import Testing

@testable import PlacementAnalysis
@testable import PlacementCore

/// A literal that reads as other text than it compares: an invisible character, a bidirectional control, a
/// letter of another script inside a word. One finding per literal, at the character, without a fix.
@Suite struct ConfusableLiteralTests {
  @Test func aZeroWidthSpaceInALiteralIsNamedAtItsPlace() throws {
    let finding = try #require(
      expectFindings("segment us = country == \"US1️⃣\u{200B}\"", ConfusableLiteral.id).first)
    #expect(finding.severity == .warning)
    #expect(
      finding.message
        == "literal holds U+200B ZERO WIDTH SPACE, an invisible character: it compares as other text than it shows")
    #expect(finding.fixIts.isEmpty)
  }

  @Test func aBidiOverrideInALiteralIsNamed() throws {
    let finding = try #require(
      expectFindings("segment rtl = country == \"1️⃣\u{202E}SU\"", ConfusableLiteral.id).first)
    #expect(
      finding.message
        == "literal holds U+202E RIGHT-TO-LEFT OVERRIDE, a bidirectional control: it reads in another order than it compares"
    )
  }

  @Test func aCyrillicLetterInALatinWordIsNamedWithItsLookAlike() throws {
    let finding = try #require(expectFindings("segment us = country == \"U1️⃣\u{405}\"", ConfusableLiteral.id).first)
    #expect(
      finding.message
        == "\"U\u{405}\" mixes Latin and Cyrillic letters: '\u{405}' is U+0405 CYRILLIC CAPITAL LETTER DZE, looks like 'S'"
    )
    // The odd script is the one with fewer letters, wherever it stands.
    let first = try #require(
      expectFindings("segment s = country == \"1️⃣\u{421}hicago\"", ConfusableLiteral.id).first)
    #expect(first.message.hasPrefix("\"\u{421}hicago\" mixes Latin and Cyrillic letters: '\u{421}' is U+0421"))
  }

  /// Patterns and every other string (a source's element id) are literals too; one finding per literal.
  @Test func everyLiteralKindIsCheckedOncePerLiteral() {
    expectFindings(
      """
      attribute email: string from input "email1️⃣\u{200B}"
      segment a = email matches /^a2️⃣\u{200B}b$/
      segment b = email == "x3️⃣\u{200B}y\u{200B}z\u{202E}"
      """, ConfusableLiteral.id)
  }

  /// Text in one script, emoji sequences and joiners between letters of a script that uses them are not findings.
  @Test func ordinaryUnicodeIsNoFinding() {
    let rules = """
      segment a = country in ["Москва", "Αθήνα", "Zürich", "東京"]
      segment b = nick in ["👩\u{200D}💻", "❤\u{FE0F}", "می\u{200C}خواهم", "Москва Moscow"]
      attribute nick: string
      """
    #expect(findings(rules, ConfusableLiteral.id).isEmpty)
  }

  @Test func theOddLetterOfAMixedWordIsTheRarerScript() throws {
    let scalars = Array("x Payp\u{430}l".unicodeScalars)  // a Cyrillic а
    let (word, odd, scripts) = try #require(ConfusableLiteral.mixedScriptWord(scalars))
    #expect(word == 2..<8)
    #expect(odd == 6)
    #expect(scripts == ("Latin", "Cyrillic"))
    #expect(ConfusableLiteral.mixedScriptWord(Array("Paypal Пайпал".unicodeScalars)) == nil)
  }
}
