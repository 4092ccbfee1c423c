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
  package static func appendString(_ string: String, to bytes: inout [UInt8]) {
    writeString(string, to: &bytes)
  }

  /// ``appendString(_:to:)`` into any sink (a writer's own buffer).
  static func writeString<Sink: ByteSink>(_ string: String, to bytes: inout Sink) {
    bytes.appendByte(UInt8(ascii: "\""))
    // Native and small strings lend their UTF-8 without a copy of the string (`withUTF8` needs a `var`: a retain,
    // a uniqueness check and a release per string); a bridged one is made contiguous.
    if string.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &bytes) }) == nil {
      var text = string
      text.withUTF8 { appendEscaped($0, to: &bytes) }
    }
    bytes.appendByte(UInt8(ascii: "\""))
  }

  private static func appendEscaped<Sink: ByteSink>(_ source: UnsafeBufferPointer<UInt8>, to bytes: inout Sink) {
    // Most strings (ids, names, keys) need no escape: one scan, one bulk append.
    guard needsEscaping(source) else {
      bytes.appendBytes(source)
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
      bytes.appendBytes(UnsafeBufferPointer(rebasing: source[runStart..<index]))
      bytes.appendByte(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.appendByte(byte)
      case 0x08: bytes.appendByte(UInt8(ascii: "b"))
      case 0x09: bytes.appendByte(UInt8(ascii: "t"))
      case 0x0A: bytes.appendByte(UInt8(ascii: "n"))
      case 0x0C: bytes.appendByte(UInt8(ascii: "f"))
      case 0x0D: bytes.appendByte(UInt8(ascii: "r"))
      case 0xE2: writeLiteral(source[index + 2] == 0xA8 ? "u2028" : "u2029", to: &bytes)
      default:
        writeLiteral("u00", to: &bytes)
        bytes.appendByte(hexDigit(byte >> 4))
        bytes.appendByte(hexDigit(byte & 0x0F))
      }
      index += width
      runStart = index
    }
    bytes.appendBytes(UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
  }

  /// Whether any byte of `source` is a quote, a backslash, a control character or the first byte of U+2028 or
  /// U+2029 (0xE2, checked precisely by the caller's loop).
  @inline(__always)
  private static func needsEscaping(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
    // Printable ASCII without quotes or backslashes (the common case) is skipped 8 bytes at a time; every byte
    // that needs escaping is one `firstSpecialByte` stops at, and from there each byte is checked.
    let first = JSONParser.firstSpecialByte(source, from: 0)
    for byte in source[first...]
    where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 {
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
  package static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
    writeNumber(number, to: &bytes)
  }

  /// ``appendNumber(_:to:)`` into any sink.
  static func writeNumber<Sink: ByteSink>(_ number: Double, to bytes: inout Sink) {
    guard number.isFinite else {
      writeLiteral("null", to: &bytes)
      return
    }
    if number.magnitude < 18_446_744_073_709_551_616, number.rounded(.towardZero) == number {
      // Every integral value below 2^64 in plain digits, never `.0` or an exponent: exact up to 2^53; above,
      // the digits of the double that was read (a JSON number is an IEEE double, as in JavaScript), so
      // 9007199254740993 prints as 9007199254740992 (docs/CLI.md, "Numbers").
      if number.sign == .minus { bytes.appendByte(UInt8(ascii: "-")) }
      writeUnsigned(UInt64(number.magnitude), to: &bytes)
    } else {
      var text = number.description
      text.withUTF8 { bytes.appendBytes($0) }
    }
  }

  /// Appends an integer in decimal, without allocating.
  /// - Parameters:
  ///   - integer: The value.
  ///   - bytes: The output buffer.
  package static func appendInteger(_ integer: Int64, to bytes: inout [UInt8]) {
    writeInteger(integer, to: &bytes)
  }

  /// ``appendInteger(_:to:)`` into any sink.
  static func writeInteger<Sink: ByteSink>(_ integer: Int64, to bytes: inout Sink) {
    if integer < 0 { bytes.appendByte(UInt8(ascii: "-")) }
    writeUnsigned(integer.magnitude, to: &bytes)
  }

  /// Appends an unsigned integer in decimal, without allocating.
  static func writeUnsigned<Sink: ByteSink>(_ integer: UInt64, to bytes: inout Sink) {
    var magnitude = integer
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in  // 2^64 has 20 digits
      var start = 20
      repeat {
        start -= 1
        digits.initializeElement(at: start, to: UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
      } while magnitude != 0
      bytes.appendBytes(UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  static func writeLiteral<Sink: ByteSink>(_ literal: StaticString, to bytes: inout Sink) {
    bytes.appendBytes(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
