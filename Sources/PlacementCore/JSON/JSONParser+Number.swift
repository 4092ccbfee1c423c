extension JSONParser {
  /// Exact powers of ten that a `Double` holds exactly (10^0 ... 10^22).
  private static let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

  /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `index` into a correctly rounded `Double`.
  ///
  /// Fast path (Clinger): at most 15 significant digits and a decimal exponent within ±22 give an exact
  /// integer times or over an exact power of ten, so one IEEE operation rounds correctly. Otherwise the number's
  /// bytes go to the standard library's correctly rounded `Double(_: String)`.
  /// - Throws: `syntax` for a leading zero or a missing digit, `numberOutOfRange` when the value would round
  ///   to infinity or, from a literal with a non-zero digit, to zero (underflow, `1e-400`).
  ///   Subnormal results (`5e-324`) are kept. `-0` and `-0.0` read as negative zero, which equals `0` in every
  ///   comparison.
  mutating func parseNumber() throws(JSONError) -> Double {
    let start = index
    let negative = input[index] == UInt8(ascii: "-")
    if negative { index += 1 }

    var mantissa: UInt64 = 0
    var significantDigits = 0
    var exponent = 0

    guard let first = current, Self.isDigit(first) else {
      throw nonFiniteNumber(at: start) ?? error(JSONError.expectedDigit)
    }
    index += 1
    if first == UInt8(ascii: "0") {
      if let next = current, Self.isDigit(next) { throw .syntax(JSONError.leadingZero, at: start) }
    } else {
      mantissa = UInt64(first &- UInt8(ascii: "0"))
      significantDigits = 1
      while let byte = current, Self.isDigit(byte) {
        mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        significantDigits += 1
        index += 1
      }
    }

    if current == UInt8(ascii: ".") {
      index += 1
      guard let byte = current, Self.isDigit(byte) else { throw error(JSONError.expectedDigit) }
      while let byte = current, Self.isDigit(byte) {
        mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
        if significantDigits > 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
        exponent -= 1
        index += 1
      }
    }

    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      var exponentNegative = false
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") {
        exponentNegative = current == UInt8(ascii: "-")
        index += 1
      }
      guard let byte = current, Self.isDigit(byte) else { throw error(JSONError.expectedDigit) }
      var written = 0
      while let byte = current, Self.isDigit(byte) {
        // Saturate: any exponent beyond this already under- or overflows every mantissa that fits the input.
        if written < 100_000_000 { written = written * 10 + Int(byte &- UInt8(ascii: "0")) }
        index += 1
      }
      exponent += exponentNegative ? -written : written
    }

    if significantDigits == 0 { return negative ? -0.0 : 0.0 }
    if significantDigits <= 15 && exponent >= -22 && exponent <= 22 {
      let base = Double(mantissa)
      let value = exponent >= 0 ? base * Self.exactPowersOfTen[exponent] : base / Self.exactPowersOfTen[-exponent]
      return negative ? -value : value
    }
    let text = String(decoding: input[start..<index], as: UTF8.self)
    // A non-zero literal that rounds to zero (`1e-400`) is out of range like one that rounds to infinity.
    guard let value = Double(text), value.isFinite, value != 0 else { throw .numberOutOfRange(at: start) }
    return value
  }

  /// The error for `NaN`, `Infinity` or `-Infinity` at `start` (JavaScript writes them; JSON has no such
  /// numbers), or nil when none of them is there.
  func nonFiniteNumber(at start: Int) -> JSONError? {
    for word in ["NaN", "Infinity", "-Infinity", "-NaN"] {
      let bytes = Array(word.utf8)
      guard input.count - start >= bytes.count, input[start..<start + bytes.count].elementsEqual(bytes) else {
        continue
      }
      return .syntax(JSONError.nonFiniteNumber(word), at: start)
    }
    return nil
  }
}
