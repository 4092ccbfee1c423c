extension JSONParser {
  private enum Frame { case array, object }

  /// Parses the whole input as one value with optional surrounding whitespace, and returns it with the
  /// duplicate members of objects nested only in objects, at most two levels deep (a profile's top level and its
  /// `custom_attributes`): the last member wins, and these say where that replaced something worth telling.
  mutating func parseDocument() throws(JSONError) -> (value: JSONValue, duplicates: [JSONDuplicateMember]) {
    skipWhitespace()
    var duplicates: [JSONDuplicateMember] = []
    let value = try parseValue(noting: &duplicates)
    skipWhitespace()
    if index != input.count { throw error(JSONError.trailingData) }
    return (value, duplicates)
  }

  @inline(__always)
  mutating func skipWhitespace() {
    while index < input.count {
      switch input[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  /// The byte at `index`, or `nil` at the end of the input.
  @inline(__always)
  var current: UInt8? { index < input.count ? input[index] : nil }

  /// An error at `index` for an unexpected byte: `unexpectedEnd` at the end of the input, `invalidUTF8` for an
  /// ill-formed byte sequence, else `syntax` with `message`.
  func error(_ message: String) -> JSONError {
    guard index < input.count else { return .unexpectedEnd("(\(message))", at: index) }
    if input[index] >= 0x80 && JSONParser.utf8SequenceLength(input, at: index) == nil {
      return .invalidUTF8(at: index)
    }
    return .syntax(message, at: index)
  }

  /// Parses one value starting at `index` (whitespace already skipped), leaving `index` just past it; the
  /// duplicate members ``parseDocument()`` reports are appended to `duplicates`.
  mutating func parseValue(noting duplicates: inout [JSONDuplicateMember]) throws(JSONError) -> JSONValue {
    var frames: [Frame] = []
    var arrays: [[JSONValue]] = []
    var objects: [[String: JSONValue]] = []
    var keys: [String] = []

    nextValue: while true {
      var value: JSONValue
      guard let byte = current else { throw error(JSONError.expectedValue) }
      switch byte {
      case UInt8(ascii: "["):
        if frames.count >= limits.maxDepth { throw .tooDeep(limit: limits.maxDepth, at: index) }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "]") {
          index += 1
          value = .array([])
        } else {
          frames.append(.array)
          arrays.append([])
          continue nextValue
        }
      case UInt8(ascii: "{"):
        if frames.count >= limits.maxDepth { throw .tooDeep(limit: limits.maxDepth, at: index) }
        index += 1
        skipWhitespace()
        if current == UInt8(ascii: "}") {
          index += 1
          value = .object([:])
        } else {
          keys.append(try parseKey())
          frames.append(.object)
          objects.append([:])
          continue nextValue
        }
      case UInt8(ascii: "\""): value = .string(try parseString())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
      case UInt8(ascii: "t"):
        try consumeLiteral("true")
        value = .bool(true)
      case UInt8(ascii: "f"):
        try consumeLiteral("false")
        value = .bool(false)
      case UInt8(ascii: "n"):
        try consumeLiteral("null")
        value = .null
      default: throw nonFiniteNumber(at: index) ?? error(JSONError.expectedValue)
      }

      // Fold the finished value into the open containers, closing as many as the input closes.
      while let frame = frames.last {
        skipWhitespace()
        switch frame {
        case .array:
          arrays[arrays.count - 1].append(value)
          if current == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            continue nextValue
          }
          guard current == UInt8(ascii: "]") else { throw error(JSONError.expectedArrayDelimiter) }
          index += 1
          frames.removeLast()
          value = .array(arrays.removeLast())
        case .object:
          let key = keys.removeLast()
          if let earlier = objects[objects.count - 1].index(forKey: key) {
            noteDuplicate(
              key, earlier: objects[objects.count - 1][earlier], value: value, frames: frames, keys: keys,
              in: &duplicates)
          }
          objects[objects.count - 1][key] = value
          if current == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            keys.append(try parseKey())
            continue nextValue
          }
          guard current == UInt8(ascii: "}") else { throw error(JSONError.expectedObjectDelimiter) }
          index += 1
          frames.removeLast()
          value = .object(objects.removeLast())
        }
      }
      return value
    }
  }

  /// Records a duplicate member when it replaces an object or is spelled differently from the earlier one
  /// (canonically equivalent names, such as a KELVIN SIGN for `K`, are one key of a Swift dictionary).
  private func noteDuplicate(
    _ key: String, earlier: (key: String, value: JSONValue), value: JSONValue, frames: [Frame], keys: [String],
    in duplicates: inout [JSONDuplicateMember]
  ) {
    guard frames.count <= 2, frames.allSatisfy({ $0 == .object }) else { return }
    let replacesObject = if case .object = earlier.value { true } else { false }
    let respelled = !earlier.key.utf8.elementsEqual(key.utf8)
    guard replacesObject || respelled else { return }
    duplicates.append(
      JSONDuplicateMember(path: keys + [key], earlierSpelling: earlier.key, replacesObject: replacesObject))
  }

  /// Parses `"key"`, the `:` after it and the whitespace around the colon.
  private mutating func parseKey() throws(JSONError) -> String {
    guard current == UInt8(ascii: "\"") else { throw error(JSONError.expectedKey) }
    let key = try parseString()
    skipWhitespace()
    guard current == UInt8(ascii: ":") else { throw error(JSONError.expectedColon) }
    index += 1
    skipWhitespace()
    return key
  }

  /// Consumes `word` (`true`, `false` or `null`) at `index`.
  private mutating func consumeLiteral(_ word: StaticString) throws(JSONError) {
    let start = index
    let count = word.utf8CodeUnitCount
    for k in 0..<count {
      guard index < input.count else { throw .unexpectedEnd("in the literal '\(word)'", at: index) }
      guard input[index] == word.utf8Start[k] else {
        throw .syntax("invalid literal, expected '\(word)'", at: start)
      }
      index += 1
    }
  }
}
