/// An integer written in a JSON document that a `Double` cannot hold: the reader keeps the nearest `Double`, so
/// whoever reads the value back gets another number.
package struct JSONInexactInteger: Sendable, Equatable {
  /// The byte range of the number as written, from the start of the document.
  package let range: Range<Int>
  /// The integer the reader keeps instead, in decimal digits (with `-` when negative).
  package let kept: String
}

extension JSONReader {
  /// Every integer literal (no fraction, no exponent) whose value a `Double` does not hold exactly (beyond 2^53
  /// some integers are skipped: `9007199254740993` reads as `9007199254740992`), in document order.
  ///
  /// `bytes` is a document ``parse(_:limits:)`` accepts with `limits`; a fault stops the scan and what was found
  /// before it is returned.
  package static func inexactIntegers(_ bytes: some Collection<UInt8>, limits: JSONLimits) -> [JSONInexactInteger] {
    bytes.withContiguousStorageIfAvailable { inexactIntegers(buffer: $0, limits: limits) }
      ?? Array(bytes).withUnsafeBufferPointer { inexactIntegers(buffer: $0, limits: limits) }
  }

  static func inexactIntegers(buffer: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> [JSONInexactInteger] {
    var parser = JSONParser(input: buffer, limits: limits)
    var found: [JSONInexactInteger] = []
    do throws(JSONError) {
      while let byte = parser.current {
        switch byte {
        case UInt8(ascii: "\""):
          _ = try parser.parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = parser.index
          let value = try parser.parseNumber()
          let text = buffer[start..<parser.index]
          let isInteger = !text.contains {
            $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
          }
          guard isInteger, value.magnitude >= 9_007_199_254_740_992 else { continue }
          let digits = exactDigits(of: value.magnitude)
          let written = text.drop { $0 == UInt8(ascii: "-") }
          if !written.elementsEqual(digits.utf8) {
            found.append(JSONInexactInteger(range: start..<parser.index, kept: (value < 0 ? "-" : "") + digits))
          }
        default:
          parser.index += 1
        }
      }
    } catch {
      return found
    }
    return found
  }

  /// The decimal digits of a finite, integral, non-negative `Double` at least 2^53, exactly: its significand
  /// doubled once per binary exponent step.
  static func exactDigits(of value: Double) -> String {
    let significand = value.significandBitPattern | (1 << 52)
    var digits = Array(String(significand).utf8).reversed().map { $0 - UInt8(ascii: "0") }
    for _ in 0..<(Int(value.exponent) - 52) {
      var carry: UInt8 = 0
      for k in digits.indices {
        let doubled = digits[k] * 2 + carry
        digits[k] = doubled % 10
        carry = doubled / 10
      }
      if carry > 0 { digits.append(carry) }
    }
    return String(decoding: digits.reversed().map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
  }
}
