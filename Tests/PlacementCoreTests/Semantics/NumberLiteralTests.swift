import TestSupport
import Testing

@testable import PlacementCore

/// Number literals read as profile numbers do: out of range is an error in both, and an integer without an
/// exact value reads as its neighbour, which the rules warn about.
@Suite struct NumberLiteralTests {
  static let score = "attribute score: number"

  /// The newcomer trial's `1e-400` (silently 0 before): an error at the literal, as `1e400` is.
  @Test func underflowIsOutOfRangeLikeOverflow() throws {
    let found = expectDiagnostics(
      """
      attribute score: number
      segment tiny = score > 1️⃣1e-400
      segment huge = score < 2️⃣-1e400
      segment fine = score > 0e-400 and score < 3️⃣5e-325 and score > 5e-324
      """, SemanticsCatalog.invalidLiteral)
    #expect(
      found.map(\.message) == [
        "number 1e-400 is out of range", "number -1e400 is out of range", "number 5e-325 is out of range",
      ])
    #expect(
      found.first?.notes.map(\.message) == [
        "numbers are 64-bit floating point: from 5e-324 to 1.8e308 in magnitude, or 0"
      ])
    #expect(found.allSatisfy { $0.severity == .error })
  }

  /// The newcomer trial's `9007199254740993` (silently …992 before): a warning naming the value it reads as;
  /// the rules still compile and compare as a profile's number does.
  @Test func anInexactIntegerWarnsAndReadsAsItsNeighbour() throws {
    let found = expectDiagnostics(
      """
      attribute score: number
      segment big = score == 1️⃣9007199254740993 or score == 2️⃣-9007199254740993.0
      segment wide = score in [3️⃣18446744073709551617, 18446744073709551616, 9007199254740992, 1e30, 0.1]
      """, SemanticsCatalog.inexactNumber)
    #expect(
      found.map(\.message) == [
        "9007199254740993 has no exact value as a number; it reads as 9007199254740992",
        "-9007199254740993.0 has no exact value as a number; it reads as -9007199254740992",
        "18446744073709551617 has no exact value as a number; it reads as 18446744073709551616",
      ])
    #expect(found.allSatisfy { $0.severity == .warning })
    let custom = { (n: String) in #"{"profile_id":"p","custom_attributes":{"score":\#(n)}}"# }
    #expect(try matches(Self.score, "score == 9007199254740993", custom("9007199254740992")))
    #expect(try matches(Self.score, "score == 9007199254740993", custom("9007199254740993")))
    #expect(try !matches(Self.score, "score == 9007199254740993", custom("9007199254740994")))
  }

  @Test func exactDigitsOfLargeDoubles() {
    #expect((0x1p53).exactIntegerDigits == "9007199254740992")
    #expect((0x1p64).exactIntegerDigits == "18446744073709551616")
    #expect((1e30).exactIntegerDigits == "1000000000000000019884624838656")
    #expect((0.5).exactIntegerDigits == "")
    #expect(NumberLiteral("12abc") == .invalid)
    #expect(NumberLiteral("1.2.3") == .invalid)
    #expect(NumberLiteral("-0") == .value(0))
  }

  /// A Unix-time literal and a percentage read numbers the same way: `1e-400` is no instant and no share.
  @Test func datesAndPercentagesRefuseOutOfRangeLiterals() {
    let date = compileErrors("attribute d: date", "d > 1e-400")
    #expect(date.map(\.message) == ["number 1e-400 is out of range"])
    let rollout = compileErrors("", "percent(1e-400) salt \"s\"")
    #expect(rollout.map(\.code) == [SemanticsCatalog.invalidRollout])
    #expect(compileErrors("", "percent(5e-3) salt \"s\"").map(\.code) == [SemanticsCatalog.invalidRollout])
    #expect(compileErrors("", "percent(12.5) salt \"s\"").isEmpty)
  }
}
