extension SemanticVersion {
  /// The common case of version text, read without allocating: `N`, `N.N` or `N.N.N` where each `N` is `0` or
  /// a digit 1–9 followed by at most 17 digits (so it fits `UInt64`). Nil for any other text, which then goes
  /// through the full grammar; on the text it accepts, the result is the one the full grammar gives
  /// (PlainReleaseParsingTests checks both agree).
  static func parsePlainRelease(_ text: String) -> SemanticVersion? {
    parsePlainRelease(utf8: text.utf8)
  }

  /// ``parsePlainRelease(_:)`` over UTF-8 bytes.
  static func parsePlainRelease(utf8 bytes: some Sequence<UInt8>) -> SemanticVersion? {
    plainReleaseComponents(utf8: bytes).map(SemanticVersion.init(release:))
  }

  /// The release `major.minor.patch` (no pre-release, no build metadata).
  init(release components: (major: UInt64, minor: UInt64, patch: UInt64)) {
    self.init(
      major: components.major, minor: components.minor, patch: components.patch, prerelease: [], buildMetadata: [])
  }

  /// The components of the version ``parsePlainRelease(utf8:)`` reads, without building the version (whose
  /// empty pre-release and build arrays cost a release each when it is dropped).
  static func plainReleaseComponents(utf8 bytes: some Sequence<UInt8>) -> (major: UInt64, minor: UInt64, patch: UInt64)?
  {
    var components: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var value: UInt64 = 0
    var digits = 0
    var leadingZero = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if leadingZero || digits == 18 { return nil }
        if digits == 0 && byte == UInt8(ascii: "0") { leadingZero = true }
        value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        digits += 1
      case UInt8(ascii: "."):
        guard digits > 0, count < 2 else { return nil }
        if count == 0 { components.0 = value } else { components.1 = value }
        count += 1
        value = 0
        digits = 0
        leadingZero = false
      default:
        return nil
      }
    }
    guard digits > 0 else { return nil }
    switch count {
    case 0: components.0 = value
    case 1: components.1 = value
    default: components.2 = value
    }
    return components
  }
}
