import TestSupport
import Testing

@testable import PlacementCore

/// Bad and over-limit profiles: each is one clear ``ProfileError``.
@Suite(.tags(.slow), .notInQuickLane) struct ProfileLimitTests {
  func error(_ text: some Collection<UInt8>, limits: ProfileLimits = .default) -> ProfileError? {
    do {
      _ = try Profile(jsonBytes: text, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  func error(_ text: String, limits: ProfileLimits = .default) -> ProfileError? {
    error(Array(text.utf8), limits: limits)
  }

  // Strings over `maxStringBytes` cost only their attribute: see PerValueLimitTests.

  @Test func underflowIsOutOfRangeLikeOverflow() {
    #expect(error(#"{"age":1e-400}"#)?.description == "invalid JSON: number out of range (line 1, column 8)")
    #expect(error(#"{"age":1e400}"#)?.description == "invalid JSON: number out of range (line 1, column 8)")
    #expect(
      error("{\"age\":0.\(String(repeating: "0", count: 500))1}")?.description
        == "invalid JSON: number out of range (line 1, column 8)")
    #expect(error(#"{"age":0.0000}"#) == nil)
    #expect(error(#"{"age":-0}"#) == nil)
    #expect(error(#"{"age":5e-324}"#) == nil)
  }

  @Test func nanAndInfinityHaveTheirOwnMessage() {
    #expect(
      error(#"{"age":NaN}"#)?.description
        == "invalid JSON: NaN is not a JSON number (JSON numbers are finite; send null or leave the member out) (line 1, column 8)"
    )
    #expect(
      error(#"{"age":Infinity}"#)?.description
        == "invalid JSON: Infinity is not a JSON number (JSON numbers are finite; send null or leave the member out) (line 1, column 8)"
    )
    #expect(
      error(#"{"age":-Infinity}"#)?.description
        == "invalid JSON: -Infinity is not a JSON number (JSON numbers are finite; send null or leave the member out) (line 1, column 8)"
    )
    #expect(error(#"{"age":1e400}"#)?.description == "invalid JSON: number out of range (line 1, column 8)")
    #expect(error(#"{"age":Nope}"#)?.description == "invalid JSON: expected a value (line 1, column 8)")
  }

  @Test func hundredThousandLevelsOfNesting() {
    // The outer '{' is level 1; each `{"a":[` adds two levels: the 65th is the '[' of the 32nd, at 21 + 31 × 6 + 5.
    let deep = String(repeating: #"{"a":["#, count: 50_000) + "1" + String(repeating: "]}", count: 50_000)
    #expect(
      error(#"{"custom_attributes":\#(deep)}"#)?.description
        == "invalid JSON: nesting deeper than the limit of 64 levels (line 1, column 213)")
  }

  @Test func invalidUTF8() {
    let bytes = Array(#"{"profile_id":"p"#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)
    #expect(error(bytes)?.description == "invalid JSON: invalid utf-8 byte sequence (line 1, column 17)")
  }

  @Test func tenMegabyteDocumentIsRejectedBeforeReading() {
    // Not even valid JSON: the size is checked first.
    let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 10 << 20)
    #expect(error(bytes)?.message == "profile is 10485760 bytes, over the limit of 1048576 bytes; not read")
    #expect(
      error(bytes, limits: ProfileLimits(json: JSONLimits(maxBytes: 20 << 20)))?.description
        == "invalid JSON: nesting deeper than the limit of 64 levels (line 1, column 65)")
  }

  @Test func defaults() {
    #expect(
      ProfileLimits.default
        == ProfileLimits(
          json: JSONLimits(maxDepth: 64, maxBytes: 1_048_576, maxStringBytes: 65_536), maxStringBytes: 1_024))
  }
}

/// A profile cannot multiply its size in the output: warnings are capped per profile.
@Suite struct ProfileWarningCapTests {
  @Test func ninetyThousandUnknownMembersGiveTwentyOneWarnings() throws {
    let members = (0..<90_000).map { #""u\#($0)":1"# }.joined(separator: ",")
    let profile = try Profile(jsonBytes: Array("{\(members)}".utf8))
    #expect(profile.warnings.count == 90_000)
    let bound = BoundProfile(profile, attributes: [])
    #expect(bound.warnings.count == 21)
    #expect(bound.warnings.first == "unknown profile member 'u0' ignored (custom attributes go in 'custom_attributes')")
    #expect(bound.warnings.last == "89980 more warnings not shown")
  }
}
