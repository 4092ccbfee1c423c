import TestSupport
import Testing

@testable import PlacementCore

/// A config integer that a `Double` cannot hold (beyond 2^53) is a warning at the number, naming the value the
/// decision carries instead; every integer a `Double` holds, however large, passes.
@Suite struct ConfigNumberExactnessTests {
  @Test func theReaderFindsIntegersADoubleCannotHold() {
    let text =
      #"{"a": 9007199254740993, "b": -9007199254740993, "c": 9007199254740992, "d": "9007199254740993", "e": 1e300, "f": 18446744073709551616, "g": 18446744073709551617, "h": 123456789012345678901234567890}"#
    let found = JSONReader.findings(Array(text.utf8), limits: .default).inexactIntegers
    #expect(
      found.map(\.kept) == [
        "9007199254740992", "-9007199254740992", "18446744073709551616", "123456789012345677877719597056",
      ])
    let bytes = Array(text.utf8)
    #expect(String(decoding: bytes[found[0].range], as: UTF8.self) == "9007199254740993")
    #expect(String(decoding: bytes[found[1].range], as: UTF8.self) == "-9007199254740993")
  }

  @Test func oneScanFindsRepeatedKeysAndInexactIntegersTogether() {
    let text = #"{"id": 9007199254740993, "n": {"id": 1, "id": 18446744073709551617}}"#
    let found = JSONReader.findings(Array(text.utf8), limits: .default)
    #expect(found.repeatedKeys == [JSONRepeatedKey(key: "id", first: 31..<35, second: 40..<44)])
    #expect(
      found.inexactIntegers == [
        JSONInexactInteger(range: 7..<23, kept: "9007199254740992"),
        JSONInexactInteger(range: 46..<66, kept: "18446744073709551616"),
      ])
  }

  @Test func anInexactConfigIntegerIsAWarningAtTheNumber() throws {
    let marked = ContentCheckingTests.rules(
      """
      content paywall pro {
        config default "en" { "title": "Go pro", "product_id": 1️⃣9007199254740993, "exact": 9007199254740992 }
      }
      """)
    let found = expectDiagnostics(marked, ContentDiagnostics.inexactConfigNumber)
    #expect(found.map(\.severity) == [.warning])
    #expect(
      found.first?.message
        == "integer 9007199254740993 is beyond what a double holds exactly: the decision carries 9007199254740992; "
        + "write it as a string to keep every digit")
    let rules = try #require(compile(MarkedRules(marked).text).ruleSet)
    let encoded = try #require(rules.content(id: "pro")?.configs.first?.encoded)
    #expect(String(decoding: encoded, as: UTF8.self).contains(#""product_id":9007199254740992"#))
  }
}
