/// The MD5 message digest of RFC 1321, in pure Swift.
///
/// Used only for the A/B draw and rollout bucketing (docs/Product.md §4.9), never for security. Strings are always
/// hashed as their UTF-8 bytes, without normalisation or terminator. The internal `upperHalf` entry points stream
/// their input through a fixed-size block buffer and do not allocate, whatever the input length.
package enum MD5 {
  /// The 16-byte MD5 digest of `bytes`.
  ///
  /// - Parameter bytes: the message, any length (a contiguous collection is read in place; others byte by byte).
  /// - Returns: 16 bytes, in the order RFC 1321 prints them (A, B, C, D, each little-endian).
  package static func digest(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var hasher = MD5Hasher()
    hasher.update(bytes)
    let (a, b, c, d) = hasher.finish()
    var out: [UInt8] = []
    out.reserveCapacity(16)
    for word in [a, b, c, d] {
      for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
    }
    return out
  }

  /// The MD5 digest of the UTF-8 encoding of `s`, as 32 lower-case hexadecimal digits.
  ///
  /// - Parameter s: the message; hashed as `s.utf8`.
  /// - Returns: for example `hex("abc") == "900150983cd24fb0d6963f7d28e17f72"`.
  package static func hex(_ s: String) -> String {
    let digits: [Character] = Array("0123456789abcdef")
    var out = ""
    out.reserveCapacity(32)
    for byte in digest(s.utf8) {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return out
  }

  /// Digest bytes 8..<16 of MD5(UTF-8 of `string`), read as a big-endian `UInt64`. Allocation-free.
  ///
  /// - Parameter string: the message; hashed as `string.utf8`.
  /// - Returns: `UInt64(h[8]) << 56 | ... | UInt64(h[15])` where `h` is the digest.
  static func upperHalf(of string: String) -> UInt64 {
    var hasher = MD5Hasher()
    hasher.update(utf8: string)
    return upperHalf(hasher.finish())
  }

  /// Digest bytes 8..<16 of MD5(UTF-8 of `first`, then `separator`, then UTF-8 of `second`), big-endian.
  ///
  /// Equal to `upperHalf(of: first + "-" + second)` when `separator` is `0x2D`, without building that string.
  /// Allocation-free.
  /// - Parameters:
  ///   - first: the leading part (a version id or a salt).
  ///   - separator: one byte placed between the two parts.
  ///   - second: the trailing part (a profile id).
  /// - Returns: the big-endian `UInt64` of digest bytes 8..<16.
  static func upperHalf(_ first: String, separator: UInt8, _ second: String) -> UInt64 {
    var hasher = MD5Hasher()
    hasher.update(utf8: first)
    hasher.update(byte: separator)
    hasher.update(utf8: second)
    return upperHalf(hasher.finish())
  }

  /// Big-endian `UInt64` of digest bytes 8..<16, that is of C then D each written little-endian.
  @inline(__always)
  private static func upperHalf(_ words: (UInt32, UInt32, UInt32, UInt32)) -> UInt64 {
    UInt64(words.2.byteSwapped) << 32 | UInt64(words.3.byteSwapped)
  }
}
