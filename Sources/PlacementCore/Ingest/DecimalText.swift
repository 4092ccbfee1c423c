// Strict parsing of the decimal strings a `number_input` reports (docs/Product.md §3).

/// Parses the text of a number input as a finite decimal number.
enum DecimalText {
  /// What a text reads as.
  enum Reading: Equatable {
    /// A decimal number within the range of a JSON number.
    case number(Double)
    /// A decimal number a `Double` cannot hold: beyond ±1.8e308 (`1e400`), or not zero but closer to zero than
    /// 5e-324 (`1e-400`), which the JSON reader refuses as "number out of range" too.
    case outOfRange
    /// Not a decimal number.
    case malformed
  }

  /// How warnings and errors describe an out-of-range number: `out of range for a number (±1.8e308, not
  /// rounded to 0)`.
  static let outOfRange = "out of range for a number (±1.8e308, not rounded to 0)"

  /// `text` as a `Double` when ``read(_:)`` reads a number in range.
  static func parse(_ text: String) -> Double? {
    if case .number(let value) = read(text) { value } else { nil }
  }

  /// `text`, after trimming surrounding whitespace, as
  /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` with ASCII digits.
  ///
  /// Stricter than `Double(String)`: `nan`, `inf`, `infinity`, hexadecimal (`0x1p3`), a decimal comma (`2,5`;
  /// see ``read(_:decimalComma:)`` for number inputs), digit group separators and trailing garbage (`12abc`) are
  /// malformed; an overflowing `1e400` or an underflowing `1e-400` is out of range, as in JSON.
  static func read(_ text: String) -> Reading {
    let trimmed = text.trimmingWhitespace()
    let bytes = trimmed.utf8
    var index = bytes.startIndex
    func skipDigits() -> Int {
      var count = 0
      while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        bytes.formIndex(after: &index)
        count += 1
      }
      return count
    }
    func skip(_ accepted: String) -> Bool {
      guard index < bytes.endIndex, accepted.utf8.contains(bytes[index]) else { return false }
      bytes.formIndex(after: &index)
      return true
    }
    _ = skip("+-")
    let mantissaStart = index
    var mantissaDigits = skipDigits()
    if skip(".") { mantissaDigits += skipDigits() }
    guard mantissaDigits > 0 else { return .malformed }
    let isZero = bytes[mantissaStart..<index].allSatisfy { $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: ".") }
    if skip("eE") {
      _ = skip("+-")
      guard skipDigits() > 0 else { return .malformed }
    }
    guard index == bytes.endIndex, let value = Double(trimmed) else { return .malformed }
    guard value.isFinite, value != 0 || isZero else { return .outOfRange }
    return .number(value)
  }

  /// ``read(_:)``, also accepting one decimal comma in place of the point (`92,5` → 92.5), as a `number_input`
  /// reports what a French (German, Spanish…) user types. A comma together with a point, or several commas
  /// (`1,234.5`, `1,234,567`: digit groups), is still rejected; a single comma is always the decimal
  /// separator, so `1,234` is 1.234, never 1234 (docs/CLI.md, "Number inputs").
  static func read(_ text: String, decimalComma: Bool) -> Reading {
    let reading = read(text)
    guard reading == .malformed, decimalComma, text.utf8.count(where: { $0 == UInt8(ascii: ",") }) == 1,
      !text.utf8.contains(UInt8(ascii: "."))
    else { return reading }
    return read(String(text.map { $0 == "," ? "." : $0 }))
  }
}

extension String {
  /// The string without leading and trailing whitespace (`Character.isWhitespace`), no Foundation needed.
  package func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
