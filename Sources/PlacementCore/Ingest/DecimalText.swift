// Strict parsing of the decimal strings a `number_input` reports (PRODUCT.md §3).

/// Parses the text of a number input as a finite decimal number.
enum DecimalText {
  /// `text` as a `Double` when, after trimming surrounding whitespace, it is
  /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?` with ASCII digits and a finite value.
  ///
  /// Stricter than `Double(String)`: `nan`, `inf`, `infinity`, hexadecimal (`0x1p3`), a decimal comma (`2,5`;
  /// see ``parse(_:decimalComma:)`` for number inputs), digit group separators and trailing garbage (`12abc`) are all rejected, as is an overflowing `1e400`.
  static func parse(_ text: String) -> Double? {
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
    var mantissaDigits = skipDigits()
    if skip(".") { mantissaDigits += skipDigits() }
    guard mantissaDigits > 0 else { return nil }
    if skip("eE") {
      _ = skip("+-")
      guard skipDigits() > 0 else { return nil }
    }
    guard index == bytes.endIndex, let value = Double(trimmed), value.isFinite else { return nil }
    return value
  }

  /// ``parse(_:)``, also accepting one decimal comma in place of the point (`92,5` → 92.5), as a `number_input`
  /// reports what a French (German, Spanish…) user types. A comma together with a point, or several commas
  /// (`1,234.5`, `1,234,567`: digit groups), is still rejected; a single comma is always the decimal
  /// separator, so `1,234` is 1.234, never 1234 (docs/CLI.md, "Number inputs").
  static func parse(_ text: String, decimalComma: Bool) -> Double? {
    if let value = parse(text) { return value }
    guard decimalComma, text.utf8.count(where: { $0 == UInt8(ascii: ",") }) == 1, !text.utf8.contains(UInt8(ascii: "."))
    else { return nil }
    return parse(String(text.map { $0 == "," ? "." : $0 }))
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
