/// How a number literal of the rules reads as a `Double`, the one number type of the language.
///
/// A literal reads as the nearest 64-bit floating-point value, as a profile's JSON number does. One whose value
/// rounds to infinity (`1e400`) or, with a non-zero digit, to zero (`1e-400`) is out of range: an error, as the
/// profile reader's `number out of range`. An integer written without exponent that has no exact
/// floating-point value (`9007199254740993`, above 2^53) reads as its nearest neighbour: a warning, because the
/// comparison it writes is not the one that runs.
enum NumberLiteral: Equatable {
  /// The literal's value, exact or as close as a decimal fraction gets (`0.1`).
  case value(Double)
  /// An integer the nearest `Double` does not equal; the value is that `Double`.
  case inexactInteger(Double)
  /// A literal that rounds to infinity or, from a non-zero digit, to zero.
  case outOfRange
  /// Text that is not a number.
  case invalid

  /// Reads `text`, a number token as the lexer cuts it (`12`, `-2.5e3`, `12abc`).
  init(_ text: String) {
    guard let value = Double(text), text.utf8.count(where: { $0 == UInt8(ascii: ".") }) <= 1 else {
      self = .invalid
      return
    }
    if !value.isFinite || (value == 0 && Self.mantissaHasNonZeroDigit(text)) {
      self = .outOfRange
    } else if let digits = Self.integerDigits(text), digits != value.magnitude.exactIntegerDigits {
      self = .inexactInteger(value)
    } else {
      self = .value(value)
    }
  }

  /// The value the literal reads as, nil when it is out of range or invalid.
  var double: Double? {
    switch self {
    case .value(let v), .inexactInteger(let v): v
    case .outOfRange, .invalid: nil
    }
  }

  /// Whether a digit 1–9 comes before the exponent.
  private static func mantissaHasNonZeroDigit(_ text: String) -> Bool {
    for byte in text.utf8 {
      if byte | 0x20 == UInt8(ascii: "e") { return false }
      if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
    }
    return false
  }

  /// The digits of an integer written without exponent (`-12`, `12.000`), leading zeros and a fraction of zeros
  /// dropped; nil for any other literal (`0.5` and `1e30` are decimal values, never "integers" to check).
  private static func integerDigits(_ text: String) -> String? {
    var body = Substring(text)
    if body.first == "-" { body = body.dropFirst() }
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } }),
      parts.count == 1 || parts[1].allSatisfy({ $0 == "0" })
    else { return nil }
    let digits = parts[0].drop { $0 == "0" }
    return digits.isEmpty ? "0" : String(digits)
  }
}
