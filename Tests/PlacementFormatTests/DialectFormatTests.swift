import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The formatter over `dialect` declarations.
@Suite struct DialectFormatTests {
  @Test func dialectIsFormattedCanonicallyAndRoundTrips() throws {
    let messy = "  dialect    adapty # Adapty's negations\nsegment s = country != \"RU\"\n"
    let canonical = "dialect adapty # Adapty's negations\n\nsegment s = country != \"RU\"\n"
    let once = try #require(formatted(messy))
    #expect(once == canonical)
    #expect(formatted(once) == canonical)
  }

  @Test func theDialectNameCountsInTheFingerprint() {
    func declarations(_ text: String) -> [Declaration] {
      Parser.parse(SourceFile(name: "f.rules", text: text)).0.declarations
    }
    #expect(
      SyntaxFingerprint.of(declarations("dialect adapty")) != SyntaxFingerprint.of(declarations("dialect placement")))
  }

  private func formatted(_ text: String) -> String? {
    try? RuleFormatter.format(SourceFile(name: "f.rules", text: text))
  }
}
