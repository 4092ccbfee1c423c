import TestSupport
import Testing

@testable import PlacementCore
@testable import PlacementFormat

/// The formatter over `list` declarations and `in list` conditions.
@Suite struct IdListFormatTests {
  @Test func listsAreFormattedCanonicallyAndRoundTrip() throws {
    let messy = """
        list   vip_ids   from  "lists/vip.txt" # the CRM export
      list blocked from "lists/blocked.txt"
      segment vip = profile_id  in  list   vip_ids and customer_user_id not   in list blocked

      """
    let canonical = """
      list vip_ids from "lists/vip.txt" # the CRM export
      list blocked from "lists/blocked.txt"

      segment vip = profile_id in list vip_ids and customer_user_id not in list blocked

      """
    let once = try #require(formatted(messy))
    #expect(once == canonical)
    #expect(formatted(once) == canonical)
  }

  @Test func theListNameAndPathCountInTheFingerprint() {
    func declarations(_ text: String) -> [Declaration] {
      Parser.parse(SourceFile(name: "f.rules", text: text)).0.declarations
    }
    #expect(
      SyntaxFingerprint.of(declarations(#"list a from "a.txt""#))
        != SyntaxFingerprint.of(declarations(#"list a from "b.txt""#)))
    #expect(
      SyntaxFingerprint.of(declarations("segment s = profile_id in list a"))
        != SyntaxFingerprint.of(declarations("segment s = profile_id not in list a")))
  }

  private func formatted(_ text: String) -> String? {
    try? RuleFormatter.format(SourceFile(name: "f.rules", text: text))
  }
}
