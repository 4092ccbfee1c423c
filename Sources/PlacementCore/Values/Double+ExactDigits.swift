extension Double {
  /// The exact decimal digits of a non-negative integral value (2^53 + 2 is `9007199254740994`), or "" for a
  /// value with a fraction: below 2^63 through `UInt64`, above it the significand doubled once per power of
  /// two, on decimal digits.
  ///
  /// The one routine that says which integer a number literal (of the rules or of a JSON document) really holds.
  var exactIntegerDigits: String {
    guard rounded(.towardZero) == self else { return "" }
    if self < 0x1p63 { return String(UInt64(self)) }
    var digits = Array(String(UInt64(significandBitPattern | (1 << 52))).utf8.reversed().map { $0 - 48 })
    for _ in 0..<(Int(exponent) - 52) {
      var carry: UInt8 = 0
      for i in digits.indices {
        let doubled = digits[i] * 2 + carry
        digits[i] = doubled % 10
        carry = doubled / 10
      }
      if carry > 0 { digits.append(carry) }
    }
    return String(decoding: digits.reversed().map { $0 + 48 }, as: UTF8.self)
  }
}
