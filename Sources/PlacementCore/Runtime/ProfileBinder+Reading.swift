// The JSON reading of `ProfileBinder`: members, names and scalar values, over `JSONParser`'s primitives.
// A nil or false result means "not the common shape": the caller falls back to the reference reader.

extension ProfileBinder {
  /// Reads the object at `parser.index` (an opening brace), calling `member` with each member's name bytes and
  /// the parser positioned on its value. False when a name is not plain ASCII, a delimiter is wrong, or
  /// `member` returns false.
  func readMembers(
    _ parser: inout JSONParser,
    _ member: (inout JSONParser, UnsafeBufferPointer<UInt8>) throws(JSONError) -> Bool
  ) throws(JSONError) -> Bool {
    if openObject(&parser) { return true }
    while true {
      guard let name = parser.plainASCIIString() else { return false }
      guard readColon(&parser) else { return false }
      guard try member(&parser, name) else { return false }
      guard let more = nextElement(&parser, closing: UInt8(ascii: "}")) else { return false }
      if !more { return true }
    }
  }

  /// Reads the object at `parser.index` (an opening brace; with `opened`, the name of a member after the first)
  /// whose member names are looked up in `keys`, calling `member` with each name's value in the table (nil for a
  /// name not in it) and the parser on its value. False when a name is not plain ASCII, a delimiter is wrong, or
  /// `member` returns false: the parser is then where it stopped (``stop(of:)`` tells the members a caller may
  /// read on from).
  ///
  /// Profiles of one feed list their members in the same order, some of them optional, so `hints`
  /// (``BoundProfile/memberHints``: two entries for the object's start and two after each bucket of `keys`)
  /// remembers the two names that came next most recently, the last one first. When the input starts with one of
  /// them, its closing quote and the colon (its member token, ``ByteKeys/member(_:count:inBucket:)``), all three
  /// are taken in one comparison (two words, and the middle ones of names over 14 bytes), without scanning or
  /// hashing (in tables of plain names, ``ByteKeys/namesArePlain``: attribute names are ASCII identifiers).
  @inline(__always)
  func readKeyedMembers(
    _ parser: inout JSONParser, keys: ByteKeys, hints: UnsafeMutableBufferPointer<Int32>, opened: Bool = false,
    _ member: (inout JSONParser, Int32?) throws(JSONError) -> Bool
  ) throws(JSONError) -> Bool {
    if !opened, openObject(&parser) { return true }
    var previous = 0
    while true {
      guard parser.current == UInt8(ascii: "\""), let base = parser.input.baseAddress else { return false }
      let start = parser.index + 1
      /// Whether the input's name is the one in `bucket` (a hint, or -1 for none), consumed with its colon if so:
      /// one comparison of the member token `name":` (``ByteKeys/member(_:count:inBucket:)``).
      @inline(__always) func takes(_ bucket: Int) -> Bool {
        guard bucket >= 0 else { return false }
        let token = keys.member(base + start, count: parser.input.count - start, inBucket: bucket)
        guard token > 0, token - 2 <= parser.limits.maxStringBytes else { return false }
        parser.index = start + token
        return true
      }
      let first = Int(hints[2 * previous])
      let second = Int(hints[2 * previous + 1])
      var bucket: Int? = nil
      if takes(first) {
        bucket = first
      } else if takes(second) {
        bucket = second
        hints[2 * previous] = Int32(second)
        hints[2 * previous + 1] = Int32(first)
      } else {
        guard let name = parser.plainASCIIString() else { return false }
        bucket = keys.bucket(of: name)
        if let bucket {
          hints[2 * previous + 1] = Int32(first)
          hints[2 * previous] = Int32(bucket)
        }
        guard readColon(&parser) else { return false }
      }
      if let bucket { previous = bucket + 1 }
      // After a taken token, white space before the value (every value starts above 0x20).
      if parser.index < parser.input.count, parser.input[parser.index] <= 0x20 { parser.skipWhitespace() }
      guard try member(&parser, bucket.map { keys.value(inBucket: $0) }) else { return false }
      guard let more = nextElement(&parser, closing: UInt8(ascii: "}")) else { return false }
      if !more { return true }
    }
  }

  /// Where a member loop (``readKeyedMembers(_:keys:hints:opened:_:)``) that returned false stopped, when it
  /// stopped on a member: on the opening quote of a name that is not plain (after `{` or `,`: `nameAt` is the
  /// parser's index), or on the value of a plain name whose `member` call returned false (after `"name":`:
  /// `nameAt` is that name's opening quote, `atValue` is true). Nil for any other stop.
  ///
  /// A position is told by the bytes before it, which the loop read as tokens, so a stop inside a value nested
  /// deeper (a member of an inner object) looks the same: a caller reads on only from a stop of its own loop, one
  /// after which no member's reader returned false (``Slots/declined``).
  static func stop(of parser: JSONParser) -> (nameAt: Int, atValue: Bool)? {
    let input = parser.input
    func previous(_ index: Int) -> Int {
      var index = index - 1
      while index >= 0, input[index] == 0x20 || input[index] == 0x09 || input[index] == 0x0A || input[index] == 0x0D {
        index -= 1
      }
      return index
    }
    let before = previous(parser.index)
    guard before >= 0 else { return nil }
    switch input[before] {
    case UInt8(ascii: "{"), UInt8(ascii: ","):
      return parser.current == UInt8(ascii: "\"") ? (parser.index, false) : nil
    case UInt8(ascii: ":"):
      // A plain name holds no quote: its opening quote is the one before its closing quote.
      var quote = previous(before)
      guard quote > 0, input[quote] == UInt8(ascii: "\"") else { return nil }
      quote -= 1
      while quote >= 0, input[quote] != UInt8(ascii: "\"") { quote -= 1 }
      return quote >= 0 ? (quote, true) : nil
    default:
      return nil
    }
  }

  /// The member name at `parser.index` (its opening quote), escapes decoded, and its value in `keys` (nil when
  /// it is not in the table), consumed with the colon after it; nil when the name is not ASCII (a non-ASCII name
  /// may be canonically equivalent to a declared one, which the reference path's dictionaries match: not the
  /// common shape) or no colon follows.
  func memberName(_ parser: inout JSONParser, keys: ByteKeys) throws(JSONError) -> (name: String, value: Int32?)? {
    var name = try parser.parseString()
    guard name.utf8.allSatisfy({ $0 < 0x80 }), readColon(&parser) else { return nil }
    return (name, name.withUTF8 { keys.value($0) })
  }

  /// Consumes the opening brace at `parser.index` and the white space after it; true when the object is empty
  /// (its closing brace consumed too).
  @inline(__always)
  func openObject(_ parser: inout JSONParser) -> Bool {
    parser.index += 1
    parser.skipWhitespace()
    guard parser.current == UInt8(ascii: "}") else { return false }
    parser.index += 1
    return true
  }

  /// Consumes the colon after a member name and the white space around it; false when there is no colon.
  @inline(__always)
  func readColon(_ parser: inout JSONParser) -> Bool {
    // Compact JSON (no white space around the colon) takes one look at two bytes: every white-space byte is at
    // most 0x20, and every value starts above it.
    let index = parser.index
    if index + 1 < parser.input.count, parser.input[index] == UInt8(ascii: ":"), parser.input[index + 1] > 0x20 {
      parser.index = index + 1
      return true
    }
    parser.skipWhitespace()
    guard parser.current == UInt8(ascii: ":") else { return false }
    parser.index += 1
    parser.skipWhitespace()
    return true
  }

  /// Consumes `null` when it is next; false (consuming nothing) otherwise.
  @inline(__always)
  func readNull(_ parser: inout JSONParser) throws(JSONError) -> Bool {
    guard parser.current == UInt8(ascii: "n") else { return false }
    return readLiteral(&parser, "null")
  }

  /// Validates a string, number, `true`, `false`, `null`, or an array of those; false for anything else.
  func skipValue(_ parser: inout JSONParser) throws(JSONError) -> Bool {
    guard parser.current == UInt8(ascii: "[") else { return try skipScalar(&parser) }
    parser.index += 1
    parser.skipWhitespace()
    if parser.current == UInt8(ascii: "]") {
      parser.index += 1
      return true
    }
    while true {
      guard try skipScalar(&parser), let more = nextElement(&parser, closing: UInt8(ascii: "]")) else { return false }
      if !more { return true }
    }
  }

  /// After a member or element: consumes the `,` and the white space after it (true: another follows) or the
  /// `closing` bracket (false: the container ended); nil, consuming nothing more, for any other byte.
  @inline(__always)
  func nextElement(_ parser: inout JSONParser, closing: UInt8) -> Bool? {
    // Compact JSON first, as in `readColon`: a comma with a non-white-space byte after it, or the closing bracket.
    let index = parser.index
    if index < parser.input.count {
      let byte = parser.input[index]
      if byte == closing {
        parser.index = index + 1
        return false
      }
      if byte == UInt8(ascii: ","), index + 1 < parser.input.count, parser.input[index + 1] > 0x20 {
        parser.index = index + 1
        return true
      }
    }
    parser.skipWhitespace()
    switch parser.current {
    case UInt8(ascii: ","):
      parser.index += 1
      parser.skipWhitespace()
      return true
    case closing:
      parser.index += 1
      return false
    default:
      return nil
    }
  }

  /// Validates a string, number, `true`, `false` or `null`; false for anything else.
  func skipScalar(_ parser: inout JSONParser) throws(JSONError) -> Bool {
    guard let byte = parser.current else { return false }
    switch byte {
    case UInt8(ascii: "\""): _ = try parser.parseString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parser.parseNumber()
    case UInt8(ascii: "t"): return readLiteral(&parser, "true")
    case UInt8(ascii: "f"): return readLiteral(&parser, "false")
    case UInt8(ascii: "n"): return readLiteral(&parser, "null")
    default: return false
    }
    return true
  }

  @inline(__always)
  func readLiteral(_ parser: inout JSONParser, _ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard parser.index + count <= parser.input.count else { return false }
    for offset in 0..<count where parser.input[parser.index + offset] != word.utf8Start[offset] { return false }
    parser.index += count
    return true
  }
}

extension JSONParser {
  /// The bytes of a string of printable ASCII without escapes at `index` (its opening quote), consumed; nil,
  /// consuming nothing, for any other string (which `parseString` then reads) or when `index` is not at a quote.
  @inline(__always)
  mutating func plainASCIIString() -> UnsafeBufferPointer<UInt8>? {
    guard current == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    let end = Self.firstSpecialByte(input, from: start)
    guard end < input.count, input[end] == UInt8(ascii: "\""), end - start <= limits.maxStringBytes else { return nil }
    index = end + 1
    return UnsafeBufferPointer(rebasing: input[start..<end])
  }
}

extension String {
  /// The string of `bytes`, which are printable ASCII (``JSONParser/plainASCIIString()``'s): copied into the
  /// string's storage as they are, without the repairing decoder `String(decoding:as:)` runs (about 40
  /// instructions less per string; the standard library still validates the bytes it is given).
  @inline(__always)
  init(plainASCII bytes: UnsafeBufferPointer<UInt8>) {
    self.init(unsafeUninitializedCapacity: bytes.count) { storage in
      _ = storage.initialize(fromContentsOf: bytes)
      return bytes.count
    }
  }
}
