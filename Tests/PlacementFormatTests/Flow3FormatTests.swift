import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The formatter over the quiz clauses `key id|value` and `default <option> if screen "<screen>" presented`.
@Suite struct Flow3FormatTests {
  func format(_ text: String) throws -> String {
    try RuleFormatter.format(SourceFile(name: "t.rules", text: text))
  }

  @Test func clausesRoundTrip() throws {
    let input =
      "attribute plan: choice(basic, premium)   from quiz \"plan\"  on screen \"s\" key   id\n"
      + "attribute e: choice(a, \"b c\") from quiz \"e\" default   \"b c\" if screen \"scr_e\"   presented\n"
    let expected =
      "attribute plan: choice(basic, premium) from quiz \"plan\" on screen \"s\" key id\n"
      + "attribute e: choice(a, \"b c\") from quiz \"e\" default \"b c\" if screen \"scr_e\" presented\n"
    let once = try format(input)
    #expect(once == expected)
    #expect(try format(once) == once)
  }

  @Test func fingerprintSeesTheClauses() {
    func fingerprint(_ text: String) -> String {
      SyntaxFingerprint.of(Parser.parse(SourceFile(name: "f", text: text)).0.declarations)
    }
    let plain = "attribute e: choice(a, b) from quiz \"e\""
    #expect(fingerprint(plain) != fingerprint(plain + " key id"))
    #expect(fingerprint(plain + " key id") != fingerprint(plain + " key value"))
    #expect(
      fingerprint(plain + " default a if screen \"s\" presented")
        != fingerprint(plain + " default b if screen \"s\" presented"))
    #expect(
      fingerprint(plain + " default a if screen \"s\" presented")
        != fingerprint(plain + " default a if screen \"t\" presented"))
  }
}
