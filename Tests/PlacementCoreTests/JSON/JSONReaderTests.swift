import Testing

@testable import PlacementCore

@Suite struct JSONReaderTests {
  @Test func allValueKindsNested() throws {
    let text = #" {"a":[1,2.5,-3e2,true,false,null,"x"],"b":{"c":{},"d":[[]]},"e":""} "#
    let expected: JSONValue = .object([
      "a": .array([.number(1), .number(2.5), .number(-300), .bool(true), .bool(false), .null, .string("x")]),
      "b": .object(["c": .object([:]), "d": .array([.array([])])]),
      "e": .string(""),
    ])
    #expect(try JSONReader.parse(text) == expected)
  }

  @Test func scalarsAtTopLevelWithAllWhitespaceKinds() throws {
    #expect(try JSONReader.parse(" \t\r\ntrue\n") == .bool(true))
    #expect(try JSONReader.parse("false") == .bool(false))
    #expect(try JSONReader.parse("null") == .null)
    #expect(try JSONReader.parse("\"s\"") == .string("s"))
    #expect(try JSONReader.parse("\t42\r") == .number(42))
    #expect(try JSONReader.parse("[ 1 , { \"k\" : null } ]") == .array([.number(1), .object(["k": .null])]))
  }

  @Test func simpleEscapes() throws {
    #expect(try JSONReader.parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
  }

  @Test func unicodeEscapesAndSurrogatePairs() throws {
    #expect(try JSONReader.parse(#""\u00e9\u4E2D\u0041""#) == .string("é中A"))
    #expect(try JSONReader.parse(#""\ud83d\ude00""#) == .string("😀"))
    #expect(try JSONReader.parse(#""a\uD834\uDD1Eb""#) == .string("a𝄞b"))
    #expect(try JSONReader.parse(#""\u0000""#) == .string("\u{0}"))
    #expect(try JSONReader.parse(#""\uFFFF""#) == .string("\u{FFFF}"))
  }

  /// An escaped string is decoded into storage as long as its escaped text: strings made only of the escapes
  /// that shrink least (a surrogate pair, 12 bytes for 4; `\u00e9`, 6 for 2), an escape as the last thing before
  /// the quote, an escaped quote or backslash before it, and strings too long for the stack.
  @Test func escapedStringsOfEveryRatioAndLength() throws {
    for count in [1, 2, 100, 10_000] {
      #expect(
        try JSONReader.parse("\"" + String(repeating: #"\ud83d\ude00"#, count: count) + "\"")
          == .string(String(repeating: "😀", count: count)))
      #expect(
        try JSONReader.parse("\"" + String(repeating: #"\u00e9"#, count: count) + "\"")
          == .string(String(repeating: "é", count: count)))
      #expect(
        try JSONReader.parse("\"" + String(repeating: "é\\n", count: count) + "\"")
          == .string(String(repeating: "é\n", count: count)))
    }
    #expect(try JSONReader.parse(#""a\n""#) == .string("a\n"))
    #expect(try JSONReader.parse(#""\"""#) == .string("\""))
    #expect(try JSONReader.parse(#""\\""#) == .string("\\"))
    #expect(try JSONReader.parse(#"["\\\"", "x"]"#) == .array([.string("\\\""), .string("x")]))
    #expect(throws: JSONError.self) { try JSONReader.parse(#""\"#) }
    #expect(throws: JSONError.self) { try JSONReader.parse(#""\u00"#) }
    #expect(throws: JSONError.self) { try JSONReader.parse(#""\u00""#) }
  }

  @Test func rawUTF8InStrings() throws {
    #expect(try JSONReader.parse("\"é中😀\u{10FFFF}\"") == .string("é中😀\u{10FFFF}"))
    // Long runs exercise the 8-byte ASCII skip before and after multi-byte characters and escapes.
    let long = String(repeating: "abcdefgh", count: 20) + "é" + String(repeating: "x", count: 17)
    #expect(try JSONReader.parse("\"\(long)\"") == .string(long))
    #expect(try JSONReader.parse("\"\(long)\\n\(long)\"") == .string(long + "\n" + long))
  }

  @Test func specialBytesAreFoundAtEveryPositionOfAWord() throws {
    for position in 0..<20 {
      let head = String(repeating: "a", count: position)
      let tail = String(repeating: "b", count: 19 - position)
      #expect(try JSONReader.parse("\"\(head)\\\"\(tail)\"") == .string(head + "\"" + tail))
      #expect(try JSONReader.parse("\"\(head)é\(tail)\"") == .string(head + "é" + tail))
      #expect(try JSONReader.parse("[\"\(head)\",\"\(tail)\"]") == .array([.string(head), .string(tail)]))
      let invalid = [0x22] + Array(head.utf8) + [0xFF] + Array(tail.utf8) + [0x22]
      #expect(throws: JSONError.invalidUTF8(at: position + 1)) { try JSONReader.parse(invalid) }
      for control: UInt8 in [0x00, 0x1F] {
        let bytes = [0x22] + Array(head.utf8) + [control] + Array(tail.utf8) + [0x22]
        #expect(throws: JSONError.syntax(JSONError.controlCharacter, at: position + 1)) { try JSONReader.parse(bytes) }
      }
    }
  }

  @Test(arguments: [
    ("1e308", 1e308), ("0.1", 0.1), ("1836277747000", 1_836_277_747_000), ("-12.5e-1", -1.25),
    ("1.7976931348623157e308", 1.7976931348623157e308), ("5e-324", .leastNonzeroMagnitude),
    ("2.2250738585072014e-308", 2.2250738585072014e-308), ("9007199254740993", 9_007_199_254_740_992),
    ("18446744073709551616", 18_446_744_073_709_551_616), ("123456789012345678901234567890", 1.2345678901234568e29),
    ("0.30000000000000004", 0.30000000000000004), ("1E2", 100), ("1e+2", 100), ("1e-2", 0.01),
    ("100000000000000000000000", 1e23), ("0e999", 0), ("5e-324", .leastNonzeroMagnitude), ("0.000001234", 0.000001234),
    ("-0.0", -0.0), ("3.141592653589793238462643383279", 3.141592653589793),
  ])
  func numbersAreCorrectlyRounded(text: String, expected: Double) throws {
    let value = try JSONReader.parse(text)
    guard case .number(let number) = value else {
      Issue.record("not a number: \(value)")
      return
    }
    #expect(number.bitPattern == expected.bitPattern)
  }

  @Test func negativeZeroKeepsItsSign() throws {
    guard case .number(let number) = try JSONReader.parse("-0") else { throw JSONError.syntax("", at: 0) }
    #expect(number == 0 && number.sign == .minus)
    guard case .number(let other) = try JSONReader.parse("-0e5") else { throw JSONError.syntax("", at: 0) }
    #expect(other.sign == .minus)
  }

  @Test func duplicateKeysLastWins() throws {
    #expect(try JSONReader.parse(#"{"a":1,"b":2,"a":3}"#) == .object(["a": .number(3), "b": .number(2)]))
  }

  @Test func acceptsEveryCollectionKind() throws {
    let bytes = Array("xx[1,\"é\"]".utf8)
    let expected: JSONValue = .array([.number(1), .string("é")])
    #expect(try JSONReader.parse(bytes[2...]) == expected)  // ArraySlice with a non-zero start index
    #expect(try JSONReader.parse(Array(bytes[2...])) == expected)
    #expect(try JSONReader.parse("[1,\"é\"]".utf8) == expected)
    #expect(try JSONReader.parse(bytes[2...].lazy.map { $0 }) == expected)  // not contiguous: copied once
    // Offsets are relative to the start of the given collection.
    let broken = Array("xx[1,]".utf8)[2...]
    #expect(throws: JSONError.syntax(JSONError.expectedValue, at: 3)) { try JSONReader.parse(broken) }
  }

  @Test func depthLimitIsInclusive() throws {
    let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    #expect(throws: Never.self) { try JSONReader.parse(ok) }
    let over = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
    #expect(throws: JSONError.tooDeep(limit: 64, at: 64)) { try JSONReader.parse(over) }
    let objects = String(repeating: #"{"a":"#, count: 3) + "1}}}"
    #expect(throws: JSONError.tooDeep(limit: 2, at: 10)) {
      try JSONReader.parse(objects, limits: JSONLimits(maxDepth: 2))
    }
  }

  @Test func hundredThousandLevelsThrowTooDeepWithoutCrashing() {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
    #expect(throws: JSONError.tooDeep(limit: 64, at: 64)) { try JSONReader.parse(deep) }
    // Even with the depth limit lifted, the iterative parser uses heap, not stack, for nesting.
    let limits = JSONLimits(maxDepth: 1_000_000)
    let mixed = Array(String(repeating: #"{"k":["#, count: 50_000).utf8)
    #expect(throws: JSONError.unexpectedEnd("(expected a value)", at: mixed.count)) {
      try JSONReader.parse(mixed, limits: limits)
    }
  }

  @Test func limitsDefaults() {
    #expect(JSONLimits.default == JSONLimits(maxDepth: 64, maxBytes: 1_048_576, maxStringBytes: 65_536))
  }

  @Test func mutatedDocumentsNeverCrashAndRoundTripWhenAccepted() throws {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: seed >> 33)
    }
    let alphabet = Array(#"{}[]:,"\ u0123456789.eE+-tfnrlsa"#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xA9, 0xED, 0xFF]
    var accepted = 0
    for document in JSONCorpus.documents {
      for _ in 0..<150 {
        var bytes = Array(document.utf8)
        for _ in 0...(next() % 3) where !bytes.isEmpty {
          bytes[next() % bytes.count] = alphabet[next() % alphabet.count]
        }
        guard let value = try? JSONReader.parse(bytes) else { continue }
        accepted += 1
        #expect(try JSONReader.parse(serialized(value, sortedKeys: true)) == value)
      }
    }
    #expect(accepted > 0)
  }
}
