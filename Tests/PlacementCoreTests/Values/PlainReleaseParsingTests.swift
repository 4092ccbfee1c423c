import TestSupport
import Testing

@testable import PlacementCore

/// The allocation-free reader of plain release versions (`N`, `N.N`, `N.N.N`) must accept only what the full
/// SemVer grammar accepts, with the same value, build metadata and pre-release included.
@Suite struct PlainReleaseParsingTests {
  static let texts: [String] = {
    var texts = [
      "0", "1", "2.3", "2.3.4", "10.20.30", "01", "1.02", "1.2.03", "00.1", "1..2", ".1", "1.", "1.2.3.4", "v1",
      "1.2.3-rc.1", "1.2.3+build", "1.2-rc", " 1.2", "1.2 ", "", "-1", "1.-2", "999999999999999999",
      "9999999999999999999", "18446744073709551615", "18446744073709551616", "1.2.3a", "٣", "1.2.x",
    ]
    var random = SplitMix64(state: 3)
    let pieces = ["0", "1", "7", "12", "007", "123456789012345678", ".", ".", "-", "+", "a", ""]
    for _ in 0..<2_000 { texts.append((0..<random.below(7)).map { _ in random.pick(pieces) }.joined()) }
    return texts
  }()

  @Test func plainReadingAgreesWithTheFullGrammar() {
    var accepted = 0
    for text in Self.texts {
      guard let plain = SemanticVersion.parsePlainRelease(text) else { continue }
      accepted += 1
      let full: SemanticVersion?
      if case .success(let version) = SemanticVersion.parse(text) { full = version } else { full = nil }
      #expect(full != nil, "plain reader accepted '\(text)', the grammar rejects it")
      #expect(plain.major == full?.major && plain.minor == full?.minor && plain.patch == full?.patch, "\(text)")
      #expect(plain.prerelease.isEmpty && full?.prerelease.isEmpty == true, "\(text)")
      #expect(plain.buildMetadata == full?.buildMetadata, "\(text)")
    }
    #expect(accepted > 100)
    #expect(SemanticVersion.parsePlainRelease("2.3") == SemanticVersion(parsing: "2.3.0"))
    #expect(SemanticVersion.parsePlainRelease("01.2") == nil)
  }
}
