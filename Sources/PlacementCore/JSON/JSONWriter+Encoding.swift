extension JSONWriter {
  /// Appends `string` as a quoted JSON string.
  ///
  /// Escapes `"` and `\`, writes U+0008, U+0009, U+000A, U+000C, U+000D as `\b \t \n \f \r` and the other
  /// control characters below U+0020 as `\u00xx` (lower-case hex), and escapes U+2028 and U+2029 as
  /// `\u2028`/`\u2029` so the output is also valid JavaScript. All other characters, non-ASCII included, are
  /// written as their UTF-8 bytes.
  /// - Parameters:
  ///   - string: The text.
  ///   - bytes: The output buffer.
  public static func appendString(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    let done: Void? = string.utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &bytes) }
    if done == nil { Array(string.utf8).withUnsafeBufferPointer { appendEscaped($0, to: &bytes) } }
    bytes.append(UInt8(ascii: "\""))
  }

  private static func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    // Most strings (ids, names, keys) need no escape: one scan, one bulk append.
    guard needsEscaping(source) else {
      bytes.append(contentsOf: source)
      return
    }
    var runStart = 0
    var index = 0
    while index < source.count {
      let byte = source[index]
      var width = 1
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
        guard byte == 0xE2, index + 2 < source.count, source[index + 1] == 0x80, source[index + 2] & 0xFE == 0xA8
        else {
          index += 1
          continue
        }
        width = 3
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
      bytes.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
      case 0x08: bytes.append(UInt8(ascii: "b"))
      case 0x09: bytes.append(UInt8(ascii: "t"))
      case 0x0A: bytes.append(UInt8(ascii: "n"))
      case 0x0C: bytes.append(UInt8(ascii: "f"))
      case 0x0D: bytes.append(UInt8(ascii: "r"))
      case 0xE2: appendLiteral(source[index + 2] == 0xA8 ? "u2028" : "u2029", to: &bytes)
      default:
        appendLiteral("u00", to: &bytes)
        bytes.append(hexDigit(byte >> 4))
        bytes.append(hexDigit(byte & 0x0F))
      }
      index += width
      runStart = index
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
  }

  /// Whether any byte of `source` is a quote, a backslash, a control character or the first byte of U+2028 or
  /// U+2029 (0xE2, checked precisely by the caller's loop).
  @inline(__always)
  private static func needsEscaping(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
    for byte in source where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 {
      return true
    }
    return false
  }

  @inline(__always)
  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }

  /// Appends a number.
  ///
  /// An integral value with magnitude below 2^53 is written as an integer (`3`, `1836277747000`, `-0` for
  /// negative zero); any other finite value as Swift's shortest round-tripping form (`0.1`, `1e-07`,
  /// `1.7976931348623157e+308`), which is valid JSON. JSON has no NaN or infinity: those are written as `null`.
  /// - Parameters:
  ///   - number: The value.
  ///   - bytes: The output buffer.
  public static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
    guard number.isFinite else {
      appendLiteral("null", to: &bytes)
      return
    }
    if number.magnitude < 18_446_744_073_709_551_616, number.rounded(.towardZero) == number {
      // Every integral value below 2^64 in plain digits, never `.0` or an exponent: exact up to 2^53; above,
      // the digits of the double that was read (a JSON number is an IEEE double, as in JavaScript), so
      // 9007199254740993 prints as 9007199254740992 (docs/CLI.md, "Numbers").
      if number.sign == .minus { bytes.append(UInt8(ascii: "-")) }
      appendUnsigned(UInt64(number.magnitude), to: &bytes)
    } else {
      bytes.append(contentsOf: number.description.utf8)
    }
  }

  /// Appends an integer in decimal, without allocating.
  /// - Parameters:
  ///   - integer: The value.
  ///   - bytes: The output buffer.
  public static func appendInteger(_ integer: Int64, to bytes: inout [UInt8]) {
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    appendUnsigned(integer.magnitude, to: &bytes)
  }

  /// Appends an unsigned integer in decimal, without allocating.
  static func appendUnsigned(_ integer: UInt64, to bytes: inout [UInt8]) {
    var magnitude = integer
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, enough for 20 digits
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude != 0
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
    }
  }

  static func appendLiteral(_ literal: StaticString, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
