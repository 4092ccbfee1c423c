import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The canonical layout of layers and overrides, and the encodings the formatter keeps (a byte order mark) or
/// refuses (ill-formed UTF-8).
@Suite struct FormatDeclarationTests {
  @Test func aLayerAlignsItsSharesKeepsCommentsAndIsIdempotent() throws {
    let source = """
      layer   exp   version "v1"{
      # the music test
        music_paywalls   0%   to 30%

        yoga 30% to 52.50% # trailing
      }
      segment s = country == "US"
      """
    let once = try RuleFormatter.format(SourceFile(name: "t.rules", text: source))
    #expect(
      once == """
        layer exp version "v1" {
          # the music test
          music_paywalls 0% to 30%

          yoga           30% to 52.50% # trailing
        }

        segment s = country == "US"

        """)
    #expect(try RuleFormatter.format(SourceFile(name: "t.rules", text: once)) == once)
  }

  @Test func theFingerprintSeesEveryLayerShare() {
    func declarations(_ text: String) -> [Declaration] {
      Parser.parse(SourceFile(name: "test.rules", text: text)).0.declarations
    }
    let a = declarations("layer exp {\n  a 0% to 30%\n}")
    let b = declarations("layer exp {\n  a 0% to 31%\n}")
    let c = declarations("layer exp version \"x\" {\n  a 0% to 30%\n}")
    #expect(SyntaxFingerprint.of(a) != SyntaxFingerprint.of(b))
    #expect(SyntaxFingerprint.of(a) != SyntaxFingerprint.of(c))
  }

  @Test func overridesAreFormattedCanonically() throws {
    let messy = """
      placement home: flow {
        default -> test home_copy version "home-1"   sticky { a: flow home_a 50%, b: flow home_b 50% }
      }
      override   home_copy :variation b for profile_id in ["qa-pixel-7"]
      override home: flow   qa for profile_id == "qa-1"
      """
    let canonical = """
      placement home: flow {
        default -> test home_copy version "home-1" sticky { a: flow home_a 50%, b: flow home_b 50% }
      }

      override home_copy: variation b for profile_id in ["qa-pixel-7"]
      override home: flow qa for profile_id == "qa-1"

      """
    let once = try #require(formatted(messy))
    #expect(once == canonical)
    #expect(formatted(once) == canonical)
  }

  private func formatted(_ text: String) -> String? {
    try? RuleFormatter.format(SourceFile(name: "f.rules", text: text))
  }

  @Test func formatRefusesInvalidUTF8AndKeepsTheByteOrderMark() throws {
    let broken = SourceFile(
      name: "b.rules", bytes: Array("segment a = country == \"U".utf8) + [0xFF] + Array("S\"\n".utf8))
    #expect(throws: FormatError.self) { try RuleFormatter.format(broken) }
    let bom = SourceFile(name: "bom.rules", bytes: [0xEF, 0xBB, 0xBF] + Array("segment  a =x==1\n".utf8))
    #expect(try RuleFormatter.format(bom) == "\u{FEFF}segment a = x == 1\n")
  }
}
