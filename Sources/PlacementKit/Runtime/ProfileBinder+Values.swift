// Type-directed reading of one attribute's value by `ProfileBinder`, mirroring `Coercion.value` case by case:
// a JSON value the reference path would coerce with a problem (a warning) makes the binder decline instead.

/// How the binder reads one slot: the attribute's type, and byte tables for names that can be matched as
/// bytes. Byte equality equals Swift `String` equality only between ASCII strings, so a table exists only when
/// every name in it is ASCII, and is used only for plain ASCII input; anything else goes through `String`.
struct SlotPlan: Sendable {
  let type: AttributeType
  /// Option ids → index, for `choice` and `choices`.
  let options: ByteKeyTable?
  /// The slot's equality literals and their ids (``Program/stringIDs``), for `string`.
  let literalIDs: [String: UInt64]
  let literals: ByteKeyTable?

  init(_ type: AttributeType, literals: [String: UInt64]) {
    self.type = type
    let ids = type.options?.ids ?? []
    options =
      ids.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } })
      ? ByteKeyTable(ids.enumerated().map { ($1, Int32($0)) }) : nil
    literalIDs = literals
    self.literals =
      literals.keys.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } })
      ? ByteKeyTable(literals.map { ($0.key, Int32($0.value)) }) : nil
  }

  /// The scalar of a string value.
  func stringScalar(_ text: String) -> Scalar {
    Scalar(tag: .string, bits: literalIDs.isEmpty ? .max : literalIDs[text] ?? .max)
  }

  /// The scalar of a string value given as plain ASCII bytes.
  func stringScalar(ascii bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Scalar {
    if literalIDs.isEmpty { return Scalar(tag: .string, bits: .max) }
    guard let literals else { return stringScalar(text) }
    return Scalar(tag: .string, bits: literals.value(bytes).map { UInt64($0) } ?? .max)
  }

  /// The index of an option id given as a plain ASCII string or as bytes, or nil when it is not declared.
  func option(_ parser: inout JSONParser) throws(JSONError) -> Int? {
    if let options, let bytes = parser.plainASCIIString() { return options.value(bytes).map(Int.init) }
    return type.options?.index(of: try parser.parseString())
  }
}

extension ProfileBinder {
  /// Reads the value of `slot` at `parser.index` into `slots`; false when the reference path would warn.
  func readValue(_ parser: inout JSONParser, slot: Int, into slots: inout Slots) throws(JSONError) -> Bool {
    if try readNull(&parser) { return true }
    let plan = plans[slot]
    let value: Value
    switch plan.type {
    case .string:
      guard parser.current == UInt8(ascii: "\"") else { return false }
      if let bytes = parser.plainASCIIString() {
        let text = String(decoding: bytes, as: UTF8.self)
        slots.scalars[slot] = plan.stringScalar(ascii: bytes, text)
        slots.values[slot] = .string(text)
      } else {
        let text = try parser.parseString()
        slots.scalars[slot] = plan.stringScalar(text)
        slots.values[slot] = .string(text)
      }
      return true
    case .number:
      if parser.current == UInt8(ascii: "\"") {
        guard let number = DecimalText.parse(try parser.parseString()) else { return false }
        value = .number(number)
      } else if let byte = parser.current, byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) {
        value = .number(try parser.parseNumber())
      } else {
        return false
      }
    case .bool:
      if readLiteral(&parser, "true") {
        value = .bool(true)
      } else if readLiteral(&parser, "false") {
        value = .bool(false)
      } else {
        return false
      }
    case .version:
      guard parser.current == UInt8(ascii: "\"") else { return false }
      let version: SemanticVersion?
      if let bytes = parser.plainASCIIString() {
        version =
          SemanticVersion.parsePlainRelease(utf8: bytes)
          ?? SemanticVersion(parsing: String(decoding: bytes, as: UTF8.self))
      } else {
        version = SemanticVersion(parsing: try parser.parseString())
      }
      guard let version else { return false }
      value = .version(version)
    case .date:
      guard let raw = try readScalar(&parser) else { return false }
      let (coerced, problem) = Coercion.value(raw, as: plan.type)
      guard problem == nil else { return false }
      value = coerced
    case .choice:
      guard parser.current == UInt8(ascii: "\""), let index = try plan.option(&parser) else { return false }
      value = .choice(index)
    case .choices:
      guard let mask = try readOptionSet(&parser, plan) else { return false }
      value = .choices(mask)
    }
    slots.scalars[slot] = Scalar(value, stringIDs: [:])
    slots.values[slot] = value
    return true
  }

  /// An array of declared option ids as a bit set; nil for anything else (a non-string, an unknown id).
  private func readOptionSet(_ parser: inout JSONParser, _ plan: SlotPlan) throws(JSONError) -> UInt64? {
    guard parser.current == UInt8(ascii: "[") else { return nil }
    parser.index += 1
    parser.skipWhitespace()
    var mask: UInt64 = 0
    if parser.current == UInt8(ascii: "]") {
      parser.index += 1
      return mask
    }
    while true {
      guard parser.current == UInt8(ascii: "\""), let index = try plan.option(&parser) else { return nil }
      mask |= 1 << UInt64(index)
      parser.skipWhitespace()
      switch parser.current {
      case UInt8(ascii: ","):
        parser.index += 1
        parser.skipWhitespace()
      case UInt8(ascii: "]"):
        parser.index += 1
        return mask
      default:
        return nil
      }
    }
  }

  /// A string, number, `true`, `false` or `null` as a JSON value; nil for anything else.
  func readScalar(_ parser: inout JSONParser) throws(JSONError) -> JSONValue? {
    guard let byte = parser.current else { return nil }
    switch byte {
    case UInt8(ascii: "\""): return .string(try parser.parseString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parser.parseNumber())
    case UInt8(ascii: "t"): return readLiteral(&parser, "true") ? .bool(true) : nil
    case UInt8(ascii: "f"): return readLiteral(&parser, "false") ? .bool(false) : nil
    case UInt8(ascii: "n"): return readLiteral(&parser, "null") ? .null : nil
    default: return nil
    }
  }
}
