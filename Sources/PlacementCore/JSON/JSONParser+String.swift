extension JSONParser {
  /// Parses a string whose opening quote is at `index`, leaving `index` just past the closing quote.
  ///
  /// Plain ASCII runs are skipped 8 bytes at a time; non-ASCII bytes are validated as UTF-8 while scanning; a
  /// string without escapes is built straight from the input, one with escapes through a buffer of its own.
  /// - Throws: `syntax` (control character, bad escape, lone surrogate), `invalidUTF8`, `stringTooLong`,
  ///   `unexpectedEnd`.
  mutating func parseString() throws(JSONError) -> String {
    let quote = index
    index += 1
    let start = index
    while true {
      skipPlainASCII()
      guard index < input.count else { throw .unexpectedEnd("in a string", at: index) }
      let byte = input[index]
      if byte == UInt8(ascii: "\"") {
        if index - start > limits.maxStringBytes { throw .stringTooLong(limit: limits.maxStringBytes, at: quote) }
        index += 1
        return String(decoding: UnsafeBufferPointer(rebasing: input[start..<index - 1]), as: UTF8.self)
      } else if byte == UInt8(ascii: "\\") {
        return try parseEscapedString(quote: quote, start: start)
      } else if byte < 0x20 {
        throw .syntax(JSONError.controlCharacter, at: index)
      } else if byte >= 0x80 {
        guard let length = Self.utf8SequenceLength(input, at: index) else { throw .invalidUTF8(at: index) }
        index += length
      } else {
        index += 1
      }
    }
  }

  /// Advances `index` to the first quote, backslash, control or non-ASCII byte (or the end).
  @inline(__always)
  private mutating func skipPlainASCII() {
    index = Self.firstSpecialByte(input, from: index)
  }

  /// The offset of the first quote, backslash, control (below 0x20) or non-ASCII byte at or after `start`, or
  /// `input.count` when there is none: 8-byte words at a time, the byte found by its position in the word's
  /// mask, the last partial word byte by byte.
  @inline(__always)
  static func firstSpecialByte(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = input.baseAddress else { return start }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var index = start
    while index + 8 <= input.count {
      let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
      let quotes = word ^ (ones &* 0x22)
      let backslashes = word ^ (ones &* 0x5C)
      // (x - 0x01..) & ~x & 0x80.. flags the bytes of x that are zero (below 0x20 for 0x20..), exactly for the
      // lowest flagged byte (borrows only reach the bytes above it); non-ASCII bytes flag themselves.
      let special =
        (((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word)
          | word) & highs
      // Little-endian: the lowest flagged byte is the first one in the input.
      if special != 0 { return index + special.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return index }
      index += 1
    }
    return index
  }

  /// Continues a string at the first backslash at `index`: decodes escapes into a buffer of the string's own,
  /// on the stack when it is short (the parser keeps none, so that a parser of a document without escapes owns
  /// nothing to release, and a string with escapes costs no heap allocation before the `String` itself).
  private mutating func parseEscapedString(quote: Int, start: Int) throws(JSONError) -> String {
    // No escape decodes to more bytes than it is written with (`\n` 2 -> 1, `\u00E9` 6 -> 2, a surrogate pair
    // 12 -> 4), so the escaped text up to the closing quote bounds the decoded length.
    var end = index
    while end < input.count, input[end] != UInt8(ascii: "\"") { end += input[end] == UInt8(ascii: "\\") ? 2 : 1 }
    let capacity = min(end, input.count) - start
    let decoded = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, capacity)) { storage in
      Result { () throws(JSONError) in
        var scratch = DecodedBytes(storage: storage)
        try decodeEscapedString(quote: quote, start: start, into: &scratch)
        return String(decoding: UnsafeBufferPointer(rebasing: storage[..<scratch.count]), as: UTF8.self)
      }
    }
    return try decoded.get()
  }

  /// The loop of ``parseEscapedString(quote:start:)``: decodes from `start` to the closing quote (consumed).
  private mutating func decodeEscapedString(quote: Int, start: Int, into scratch: inout DecodedBytes)
    throws(JSONError)
  {
    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[start..<index]))
    while true {
      if scratch.count > limits.maxStringBytes { throw .stringTooLong(limit: limits.maxStringBytes, at: quote) }
      guard index < input.count else { throw .unexpectedEnd("in a string", at: index) }
      let byte = input[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return
      } else if byte == UInt8(ascii: "\\") {
        try decodeEscape(into: &scratch)
      } else if byte < 0x20 {
        throw .syntax(JSONError.controlCharacter, at: index)
      } else if byte >= 0x80 {
        guard let length = Self.utf8SequenceLength(input, at: index) else { throw .invalidUTF8(at: index) }
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<index + length]))
        index += length
      } else {
        scratch.append(byte)
        index += 1
      }
    }
  }

  /// Decodes the escape at `index` (a backslash) into `scratch` as UTF-8.
  private mutating func decodeEscape(into scratch: inout DecodedBytes) throws(JSONError) {
    let backslash = index
    guard index + 1 < input.count else { throw .unexpectedEnd("in a string", at: input.count) }
    let simple: UInt8
    switch input[index + 1] {
    case UInt8(ascii: "\""): simple = 0x22
    case UInt8(ascii: "\\"): simple = 0x5C
    case UInt8(ascii: "/"): simple = 0x2F
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      var scalar = try hexQuad(at: index + 2)
      index += 6
      if scalar >= 0xDC00 && scalar <= 0xDFFF { throw .syntax(JSONError.loneSurrogate, at: backslash) }
      if scalar >= 0xD800 && scalar <= 0xDBFF {
        guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"), input[index + 1] == UInt8(ascii: "u")
        else { throw .syntax(JSONError.loneSurrogate, at: backslash) }
        let low = try hexQuad(at: index + 2)
        guard low >= 0xDC00 && low <= 0xDFFF else { throw .syntax(JSONError.loneSurrogate, at: backslash) }
        index += 6
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      Self.appendUTF8(scalar, to: &scratch)
      return
    default:
      throw .syntax(JSONError.invalidEscape, at: backslash)
    }
    scratch.append(simple)
    index += 2
  }

  /// The value of the four hexadecimal digits at `offset`.
  private func hexQuad(at offset: Int) throws(JSONError) -> UInt32 {
    var value: UInt32 = 0
    for position in offset..<offset + 4 {
      guard position < input.count else { throw .unexpectedEnd("in a \\u escape", at: input.count) }
      let byte = input[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw .syntax(JSONError.invalidUnicodeEscape, at: offset - 2)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate) to `scratch`.
  private static func appendUTF8(_ scalar: UInt32, to scratch: inout DecodedBytes) {
    switch scalar {
    case 0..<0x80:
      scratch.append(UInt8(scalar))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalar >> 6))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalar >> 12))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalar >> 18))
      scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// The length (2–4) of the well-formed UTF-8 sequence whose lead byte (>= 0x80) is at `offset`, or `nil`
  /// when it is ill-formed or truncated (Unicode 15, table 3-7: no overlongs, no surrogates, <= U+10FFFF).
  static func utf8SequenceLength(_ input: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch input[offset] {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard offset + length <= input.count, low...high ~= input[offset + 1] else { return nil }
    for position in offset + 2..<offset + length where input[position] & 0xC0 != 0x80 { return nil }
    return length
  }
}

/// The decoded bytes of a string with escapes, in storage at least as long as its escaped text (see
/// `JSONParser.parseEscapedString`); every append is bounds-checked, so a wrong bound is a trap, never a write past
/// the storage.
fileprivate struct DecodedBytes {
  private let storage: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(storage: UnsafeMutableBufferPointer<UInt8>) {
    self.storage = storage
  }

  mutating func append(_ byte: UInt8) {
    precondition(count < storage.count, "decoded string longer than its escaped text")
    storage[count] = byte
    count += 1
  }

  mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
    precondition(bytes.count <= storage.count - count, "decoded string longer than its escaped text")
    guard let source = bytes.baseAddress, let target = storage.baseAddress else { return }
    (target + count).initialize(from: source, count: bytes.count)
    count += bytes.count
  }
}
