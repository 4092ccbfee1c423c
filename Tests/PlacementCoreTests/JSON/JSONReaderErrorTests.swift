import Testing

@testable import PlacementCore

@Suite struct JSONReaderErrorTests {
  /// (input bytes, expected kind, expected offset, expected message).
  static let cases: [(String, [UInt8], JSONError.Kind, Int, String)] = [
    ("trailing comma in array", Array("[1,]".utf8), .syntax, 3, "expected a value"),
    ("trailing comma in object", Array(#"{"a":1,}"#.utf8), .syntax, 7, "expected a string key"),
    ("unquoted key", Array("{a:1}".utf8), .syntax, 1, "expected a string key"),
    ("missing colon", Array(#"{"a" 1}"#.utf8), .syntax, 5, "expected ':' after an object key"),
    ("missing comma in array", Array("[1 2]".utf8), .syntax, 3, "expected ',' or ']' after an array element"),
    (
      "missing comma in object", Array(#"{"a":1 "b":2}"#.utf8), .syntax, 7, "expected ',' or '}' after an object member"
    ),
    ("two values", Array("1 2".utf8), .syntax, 2, "unexpected data after the top-level value"),
    ("leading zero", Array("01".utf8), .syntax, 0, "leading zeros are not allowed in numbers"),
    ("negative leading zero", Array("[-01]".utf8), .syntax, 1, "leading zeros are not allowed in numbers"),
    ("fraction without digit", Array("1.e5".utf8), .syntax, 2, "expected a digit in a number"),
    ("leading dot", Array(".5".utf8), .syntax, 0, "expected a value"),
    ("plus sign", Array("+1".utf8), .syntax, 0, "expected a value"),
    ("hex number", Array("0x1F".utf8), .syntax, 1, "unexpected data after the top-level value"),
    (
      "NaN", Array("NaN".utf8), .syntax, 0,
      "NaN is not a JSON number (JSON numbers are finite; send null or leave the member out)"
    ),
    (
      "Infinity", Array("Infinity".utf8), .syntax, 0,
      "Infinity is not a JSON number (JSON numbers are finite; send null or leave the member out)"
    ),
    (
      "-Infinity", Array("-Infinity".utf8), .syntax, 0,
      "-Infinity is not a JSON number (JSON numbers are finite; send null or leave the member out)"
    ),
    ("nan in array", Array("[nan]".utf8), .syntax, 1, "invalid literal, expected 'null'"),
    ("bad literal", Array("trux".utf8), .syntax, 0, "invalid literal, expected 'true'"),
    ("capitalised literal", Array("True".utf8), .syntax, 0, "expected a value"),
    ("line comment", Array("// c\n1".utf8), .syntax, 0, "expected a value"),
    ("block comment after value", Array("[1]/*x*/".utf8), .syntax, 3, "unexpected data after the top-level value"),
    ("single quotes", Array("['a']".utf8), .syntax, 1, "expected a value"),
    ("raw control character", [0x22, 0x61, 0x01, 0x22], .syntax, 2, "control character in a string must be escaped"),
    (
      "raw tab after a long run", Array("\"abcdefghijklmnopq\tz\"".utf8), .syntax, 18,
      "control character in a string must be escaped"
    ),
    ("bad escape", Array(#""\x""#.utf8), .syntax, 1, "invalid escape sequence in a string"),
    ("bad unicode escape", Array(#""ab\u12G4""#.utf8), .syntax, 3, "invalid \\u escape, expected 4 hexadecimal digits"),
    ("lone high surrogate", Array(#""\uD800""#.utf8), .syntax, 1, "lone surrogate in a \\u escape"),
    ("lone low surrogate", Array(#""\uDC00x""#.utf8), .syntax, 1, "lone surrogate in a \\u escape"),
    ("high surrogate then BMP", Array(#""ab\uD83D\u0041""#.utf8), .syntax, 3, "lone surrogate in a \\u escape"),
    ("byte order mark", [0xEF, 0xBB, 0xBF, 0x31], .syntax, 0, "expected a value"),
    ("empty input", [], .unexpectedEnd, 0, "unexpected end of input (expected a value)"),
    ("whitespace only", Array(" \n".utf8), .unexpectedEnd, 2, "unexpected end of input (expected a value)"),
    ("unterminated string", Array(#""abc"#.utf8), .unexpectedEnd, 4, "unexpected end of input in a string"),
    (
      "unterminated array", Array("[1".utf8), .unexpectedEnd, 2,
      "unexpected end of input (expected ',' or ']' after an array element)"
    ),
    ("object without value", Array(#"{"a":"#.utf8), .unexpectedEnd, 5, "unexpected end of input (expected a value)"),
    ("truncated literal", Array("tru".utf8), .unexpectedEnd, 3, "unexpected end of input in the literal 'true'"),
    ("minus alone", Array("-".utf8), .unexpectedEnd, 1, "unexpected end of input (expected a digit in a number)"),
    (
      "exponent without digits", Array("1e+".utf8), .unexpectedEnd, 3,
      "unexpected end of input (expected a digit in a number)"
    ),
    ("truncated unicode escape", Array(#""\u12"#.utf8), .unexpectedEnd, 5, "unexpected end of input in a \\u escape"),
    ("0xFF in a string", [0x22, 0xFF, 0x22], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("overlong slash", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("overlong three bytes", [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("truncated sequence", [0x22, 0x61, 0x62, 0xE2, 0x82, 0x22], .invalidUTF8, 3, "invalid utf-8 byte sequence"),
    ("truncated at end of input", [0x22, 0xE2, 0x82], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("lone continuation byte", [0x22, 0x80, 0x22], .invalidUTF8, 1, "invalid utf-8 byte sequence"),
    ("invalid byte after escape", [0x22, 0x5C, 0x6E, 0xFF, 0x22], .invalidUTF8, 3, "invalid utf-8 byte sequence"),
    ("0xFF outside strings", [0x5B, 0x31, 0x2C, 0xFF, 0x5D], .invalidUTF8, 3, "invalid utf-8 byte sequence"),
    ("1e400", Array("1e400".utf8), .numberOutOfRange, 0, "number out of range"),
    ("-1e400 in an array", Array("[1, -1e400]".utf8), .numberOutOfRange, 4, "number out of range"),
    (
      "huge integer", Array(("1" + String(repeating: "0", count: 400)).utf8), .numberOutOfRange, 0,
      "number out of range"
    ),
  ]

  @Test(arguments: 0..<cases.count)
  func rejects(caseIndex: Int) {
    let (name, bytes, kind, offset, message) = Self.cases[caseIndex]
    #expect(throws: JSONError(kind: kind, message: message, offset: offset), "\(name)") {
      try JSONReader.parse(bytes)
    }
  }

  @Test func tooLargeIsCheckedBeforeParsing() {
    let limits = JSONLimits(maxBytes: 4)
    #expect(throws: JSONError(kind: .tooLarge, message: "input of 5 bytes exceeds the limit of 4 bytes", offset: 4)) {
      try JSONReader.parse("[1,2]", limits: limits)
    }
    // Garbage is not even looked at.
    #expect(throws: JSONError.tooLarge(size: 5, limit: 4)) { try JSONReader.parse("{{{{{", limits: limits) }
    #expect(throws: Never.self) { try JSONReader.parse("[12]", limits: limits) }
  }

  @Test func stringLengthCountsDecodedBytes() {
    let limits = JSONLimits(maxStringBytes: 4)
    let error = JSONError(kind: .stringTooLong, message: "string longer than the limit of 4 bytes", offset: 0)
    #expect(throws: error) { try JSONReader.parse(#""abcde""#, limits: limits) }
    #expect(throws: Never.self) { try JSONReader.parse(#""abcd""#, limits: limits) }
    #expect(throws: Never.self) { try JSONReader.parse(#""\u00e9\u00e9""#, limits: limits) }  // 4 bytes of UTF-8
    #expect(throws: error) { try JSONReader.parse(#""\u00e9\u00e9x""#, limits: limits) }
    #expect(throws: JSONError.stringTooLong(limit: 4, at: 1)) { try JSONReader.parse(#"{"abcde":1}"#, limits: limits) }
  }

  @Test func descriptionNamesTheOffset() {
    #expect(JSONError.syntax("expected a value", at: 3).description == "expected a value at byte 3")
    #expect(JSONError.Kind.invalidUTF8.rawValue == "invalidUTF8")
  }
}
